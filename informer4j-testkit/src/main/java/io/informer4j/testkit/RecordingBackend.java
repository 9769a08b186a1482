package io.informer4j.testkit;

import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.source.Backend;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.TypePresence;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A backend that passes everything to another and records every list and watch request its sources
 * send, as the {@link SimulatedApi} records what it receives: for tests of a backend whose server
 * cannot say what one client asked (etcd counts range and watch RPCs per server, over every client
 * and key prefix). A request is recorded before it is passed on, so failed ones are recorded too.
 *
 * <p>Thread-safe.
 */
public final class RecordingBackend implements Backend {

  private final Backend delegate;
  private final RequestLog requestLog = new RequestLog();

  /** Records the requests of the sources {@code delegate} builds. */
  public RecordingBackend(Backend delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** Returns every list and watch request sent so far, of every type, oldest first. */
  public List<RecordedRequest> requests() {
    return requestLog.snapshot();
  }

  @Override
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
    return new Recorded<>(type.key(), delegate.listerWatcher(type));
  }

  @Override
  public TypeRegistry types() {
    return delegate.types();
  }

  @Override
  public <T> ObjectType<T> type(Class<T> javaClass) {
    return delegate.type(javaClass);
  }

  @Override
  public TypePresence presence(TypeKey type) {
    return delegate.presence(type);
  }

  @Override
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    return delegate.onTypeAdded(listener);
  }

  @Override
  public String description() {
    return delegate.description();
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
