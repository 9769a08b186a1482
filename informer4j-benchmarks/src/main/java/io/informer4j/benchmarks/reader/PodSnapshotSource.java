package io.informer4j.benchmarks.reader;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.kubernetes.client.openapi.models.V1Pod;
import java.util.List;

/**
 * Serves a fixed list of pods at resourceVersion 1 and a watch that never sends anything: fills a
 * cache once, so the benchmark measures reads only. Thread-safe (the list is never modified).
 */
final class PodSnapshotSource implements ListerWatcher<V1Pod> {

  private final List<V1Pod> pods;

  PodSnapshotSource(List<V1Pod> pods) {
    this.pods = List.copyOf(pods);
  }

  @Override
  public ListPage list(ListRequest request, ListSink<V1Pod> sink) {
    pods.forEach(sink::accept);
    return ListPage.last("1");
  }

  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<V1Pod> listener) {
    return () -> { };
  }

  @Override
  public boolean supportsWatchList() {
    return false;
  }

  @Override
  public String description() {
    return "pod snapshot of " + pods.size();
  }
}
