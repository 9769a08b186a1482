package io.informer4j.etcd.testing;

import io.informer4j.etcd.EtcdObject;
import io.informer4j.informer.EventHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A handler that keeps its own view of the objects, as an application's handler does: every add,
 * update and delete is applied to a map of key to resourceVersion. A notification the view
 * contradicts (an add of a key it holds, an update from a state it does not hold, a delete of a key
 * it lacks) is recorded as an error. Unlike a list of events, the view does not depend on whether
 * a lagging handler's backlog was compacted (an add then an update of one object may reach it as one
 * add of the latest state). Thread-safe.
 */
public final class MirroringHandler implements EventHandler<EtcdObject<Widget>> {

  private final Map<String, String> view = new TreeMap<>();
  private final Map<String, Widget> values = new TreeMap<>();
  private final List<String> errors = new ArrayList<>();

  @Override
  public synchronized void onAdd(EtcdObject<Widget> object, boolean inInitialList) {
    if (view.containsKey(object.key())) {
      errors.add("add of " + object.key() + ", which the view holds");
    }
    put(object);
  }

  @Override
  public synchronized void onUpdate(EtcdObject<Widget> oldObject, EtcdObject<Widget> newObject) {
    if (!oldObject.resourceVersion().equals(view.get(oldObject.key()))) {
      errors.add("update of " + oldObject.key() + " from " + oldObject.resourceVersion() + ", the view holds "
          + view.get(oldObject.key()));
    }
    put(newObject);
  }

  @Override
  public synchronized void onDelete(EtcdObject<Widget> lastState, boolean finalStateUnknown) {
    if (view.remove(lastState.key()) == null) {
      errors.add("delete of " + lastState.key() + ", which the view lacks");
    }
    values.remove(lastState.key());
  }

  private void put(EtcdObject<Widget> object) {
    view.put(object.key(), object.resourceVersion());
    values.put(object.key(), object.value());
  }

  /** Returns the view: key to resourceVersion, sorted by key. */
  public synchronized Map<String, String> view() {
    return new TreeMap<>(view);
  }

  /** Returns the widget the view holds for {@code key}, or null. */
  public synchronized Widget value(String key) {
    return values.get(key);
  }

  /** Returns the notifications the view contradicted. */
  public synchronized List<String> errors() {
    return List.copyOf(errors);
  }
}
