package io.informer4j.testkit;

import io.informer4j.informer.ForwardingBackend;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Backend;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.List;

/**
 * A backend that passes everything to another (a {@link ForwardingBackend}) and records every list and
 * watch request its sources send, as the {@link SimulatedApi} records what it receives: for tests of a backend whose server
 * cannot say what one client asked (etcd counts range and watch RPCs per server, over every client
 * and key prefix). A request is recorded before it is passed on, so failed ones are recorded too.
 *
 * <p>Thread-safe.
 */
public final class RecordingBackend extends ForwardingBackend {

  private final RequestLog requestLog = new RequestLog();

  /** Records the requests of the sources {@code delegate} builds. */
  public RecordingBackend(Backend delegate) {
    super(delegate);
  }

  /** Returns every list and watch request sent so far, of every type, oldest first. */
  public List<RecordedRequest> requests() {
    return requestLog.snapshot();
  }

  @Override
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
    return new Recorded<>(type.key(), super.listerWatcher(type));
  }

  @Override
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type, InformerRuntime runtime) {
    return new Recorded<>(type.key(), super.listerWatcher(type, runtime));
  }

  /** A source that records its requests and passes them on. */
  private final class Recorded<T> implements ListerWatcher<T> {
    private final TypeKey type;
    private final ListerWatcher<T> source;

    Recorded(TypeKey type, ListerWatcher<T> source) {
      this.type = type;
      this.source = source;
    }

    @Override
    public ListPage list(ListRequest request, ListSink<T> sink) {
      requestLog.record(RecordedRequest.of(type, request));
      return source.list(request, sink);
    }

    @Override
    public WatchHandle watch(WatchRequest request, WatchListener<T> listener) {
      requestLog.record(RecordedRequest.of(type, request));
      return source.watch(request, listener);
    }

    @Override
    public boolean supportsWatchList() {
      return source.supportsWatchList();
    }

    @Override
    public void watchListUnavailable(String reason) {
      source.watchListUnavailable(reason);
    }

    @Override
    public long preferredPageSize() {
      return source.preferredPageSize();
    }

    @Override
    public String description() {
      return source.description();
    }
  }
}
