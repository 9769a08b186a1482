package io.informer4j.benchmarks.reader;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.List;

/**
 * Serves a fixed list of objects at resourceVersion 1 and a watch that never sends anything: fills a
 * cache once, so the benchmark measures reads only. Thread-safe (the list is never modified).
 *
 * @param <T> the object type
 */
final class SnapshotSource<T> implements ListerWatcher<T> {

  private final List<T> objects;

  SnapshotSource(List<T> objects) {
    this.objects = List.copyOf(objects);
  }

  @Override
  public ListPage list(ListRequest request, ListSink<T> sink) {
    objects.forEach(sink::accept);
    return ListPage.last("1");
  }

  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<T> listener) {
    return () -> { };
  }

  @Override
  public boolean supportsWatchList() {
    return false;
  }

  @Override
  public String description() {
    return "snapshot of " + objects.size() + " objects";
  }
}
