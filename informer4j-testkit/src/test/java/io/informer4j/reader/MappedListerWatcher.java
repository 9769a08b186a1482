package io.informer4j.reader;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.function.Function;

/** Serves another source's objects converted to another class: a second representation of a type. */
final class MappedListerWatcher<S, T> implements ListerWatcher<T> {

  private final ListerWatcher<S> delegate;
  private final Function<S, T> convert;

  MappedListerWatcher(ListerWatcher<S> delegate, Function<S, T> convert) {
    this.delegate = delegate;
    this.convert = convert;
  }

  @Override
  public ListPage list(ListRequest request, ListSink<T> sink) {
    return delegate.list(request, new ListSink<>() {
      @Override
      public void accept(S item) {
        sink.accept(convert.apply(item));
      }

      @Override
      public void malformed(MalformedObjectException problem) {
        sink.malformed(problem);
      }
    });
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
      public void onMalformed(MalformedObjectException problem) {
        listener.onMalformed(problem);
      }

      @Override
      public void onClose(SourceException error) {
        listener.onClose(error);
      }
    });
  }

  @Override
  public boolean supportsWatchList() {
    return delegate.supportsWatchList();
  }

  @Override
  public String description() {
    return delegate.description() + " (mapped)";
  }
}
