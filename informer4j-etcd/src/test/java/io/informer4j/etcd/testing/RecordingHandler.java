package io.informer4j.etcd.testing;

import io.informer4j.etcd.EtcdObject;
import io.informer4j.informer.EventHandler;
import java.util.ArrayList;
import java.util.List;

/** Records notifications as text such as {@code "delete ns/a tombstone"}. Thread-safe. */
public final class RecordingHandler implements EventHandler<EtcdObject<Widget>> {

  private final List<String> events = new ArrayList<>();

  @Override
  public synchronized void onAdd(EtcdObject<Widget> object, boolean inInitialList) {
    events.add("add " + object.key() + (inInitialList ? " initial" : ""));
  }

  @Override
  public synchronized void onUpdate(EtcdObject<Widget> oldObject, EtcdObject<Widget> newObject) {
    events.add("update " + newObject.key());
  }

  @Override
  public synchronized void onDelete(EtcdObject<Widget> lastState, boolean finalStateUnknown) {
    events.add("delete " + lastState.key() + (finalStateUnknown ? " tombstone" : ""));
  }

  /** Returns the notifications so far. */
  public synchronized List<String> events() {
    return List.copyOf(events);
  }
}
