package io.informer4j.reader;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.function.Function;

/** Serves a source's objects converted to another class, as a second representation of one type. */
final class MappedSource<S, T> implements ListerWatcher<T> {

  private final ListerWatcher<S> delegate;
  private final Function<S, T> convert;

  MappedSource(ListerWatcher<S> delegate, Function<S, T> convert) {
    this.delegate = delegate;
    this.convert = convert;
  }

  @Override
  public ListPage list(ListRequest request, ListSink<T> sink) {
    return delegate.list(request, item -> sink.accept(convert.apply(item)));
  }

  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<T> listener) {
    return delegate.watch(request, new WatchListener<>() {
      @Override
      public void onEvent(WatchEvent<S> event) {
        T object = event.object() == null ? null : convert.apply(event.object());
        listener.onEvent(new WatchEvent<>(event.type(), object, event.resourceVersion(), event.initialEventsEnd(),
            event.error()));
      }

      @Override
      public void onClose(SourceException error) {
        listener.onClose(error);
      }
    });
  }

  @Override
  public boolean supportsWatchList() {
    return false;
  }
}
