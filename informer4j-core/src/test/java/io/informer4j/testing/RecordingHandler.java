package io.informer4j.testing;

import io.informer4j.informer.EventHandler;
import java.util.ArrayList;
import java.util.List;

/** Records every notification as text, for example {@code "add ns/a@3 initial"}; thread-safe. */
public final class RecordingHandler implements EventHandler<Item> {

  private final List<String> events = new ArrayList<>();

  @Override
  public synchronized void onAdd(Item object, boolean inInitialList) {
    events.add("add " + object.key() + "@" + object.resourceVersion() + (inInitialList ? " initial" : ""));
  }

  @Override
  public synchronized void onUpdate(Item oldObject, Item newObject) {
    events.add("update " + newObject.key() + "@" + oldObject.resourceVersion() + "->" + newObject.resourceVersion());
  }

  @Override
  public synchronized void onDelete(Item lastState, boolean finalStateUnknown) {
    events.add("delete " + lastState.key() + "@" + lastState.resourceVersion() + (finalStateUnknown ? " tombstone" : ""));
  }

  public synchronized List<String> events() {
    return List.copyOf(events);
  }

  public synchronized int size() {
    return events.size();
  }

  public synchronized void clear() {
    events.clear();
  }
}
