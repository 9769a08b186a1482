package io.informer4j.etcd.testing;

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
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A backend that passes everything to another and counts the list calls (one per page) and watch
 * openings its sources make, for every type: what a server that cannot count requests per client
 * (etcd counts range and watch RPCs per server, over all clients and key prefixes) would have
 * received from informers of this backend. Thread-safe.
 */
public final class CountingBackend implements Backend {

  private final Backend delegate;
  private final AtomicLong lists = new AtomicLong();
  private final AtomicLong watches = new AtomicLong();

  /** Counts the calls of the sources {@code delegate} builds. */
  public CountingBackend(Backend delegate) {
    this.delegate = delegate;
  }

  /** Returns the list calls so far (each page counts once). */
  public long lists() {
    return lists.get();
  }

  /** Returns the watches opened so far (a watch that failed to open counts too). */
  public long watches() {
    return watches.get();
  }

  @Override
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
    return new Counted<>(delegate.listerWatcher(type));
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

  /** A source that counts its calls and passes them on. */
  private final class Counted<T> implements ListerWatcher<T> {
    private final ListerWatcher<T> source;

    Counted(ListerWatcher<T> source) {
      this.source = source;
    }

    @Override
    public ListPage list(ListRequest request, ListSink<T> sink) {
      lists.incrementAndGet();
      return source.list(request, sink);
    }

    @Override
    public WatchHandle watch(WatchRequest request, WatchListener<T> listener) {
      watches.incrementAndGet();
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
