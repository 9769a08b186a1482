package io.informer4j.testkit;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;

/** The {@link ListerWatcher} of one type of a {@link SimulatedApi}. Thread-safe. */
final class SimulatedListerWatcher implements ListerWatcher<SimObject> {

  private final TypeKey type;
  private final ListService lists;
  private final WatchService watches;

  SimulatedListerWatcher(TypeKey type, ListService lists, WatchService watches) {
    this.type = type;
    this.lists = lists;
    this.watches = watches;
  }

  @Override
  public ListPage list(ListRequest request, ListSink<SimObject> sink) {
    return lists.list(type, request, sink);
  }

  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<SimObject> listener) {
    return watches.watch(type, request, listener);
  }

  @Override
  public String description() {
    return "SimulatedApi " + type;
  }
}
