package io.informer4j.testkit;

import io.informer4j.meta.LabelSelector;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.Map;

/** A {@link ListerWatcher} with one deliberate bug, to show that the contract catches it. */
final class BrokenListerWatcher implements ListerWatcher<SimObject> {

  /** The bugs. */
  enum Bug {
    /** Watches ignore the label selector. */
    WATCH_IGNORES_LABELS,
    /** DELETED events carry a state without labels instead of the last state. */
    DELETED_WITHOUT_LAST_STATE,
    /** Lists stop after the first page. */
    DROPS_CONTINUE_TOKENS,
    /** Closing a watch handle does nothing. */
    CLOSE_IGNORED,
    /** ERROR events are swallowed and the watch just ends. */
    SWALLOWS_ERRORS,
    /** Every second event overtakes the one before it. */
    SWAPS_EVENT_PAIRS
  }

  private final ListerWatcher<SimObject> delegate;
  private final Bug bug;

  BrokenListerWatcher(ListerWatcher<SimObject> delegate, Bug bug) {
    this.delegate = delegate;
    this.bug = bug;
  }

  @Override
  public ListPage list(ListRequest request, ListSink<SimObject> sink) {
    ListPage page = delegate.list(request, sink);
    return bug == Bug.DROPS_CONTINUE_TOKENS ? ListPage.last(page.resourceVersion()) : page;
  }

  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<SimObject> listener) {
    WatchRequest sent = bug == Bug.WATCH_IGNORES_LABELS
        ? new WatchRequest(request.selection().withLabels(LabelSelector.everything()),
            request.resourceVersion(), request.match(), request.allowBookmarks(), request.sendInitialEvents(), request.timeout())
        : request;
    WatchHandle handle = delegate.watch(sent, new BuggyListener(listener));
    return bug == Bug.CLOSE_IGNORED ? () -> { } : handle;
  }

  /** Passes events on, with the bug. Called serially by the delegate. */
  private final class BuggyListener implements WatchListener<SimObject> {
    private final WatchListener<SimObject> target;
    private WatchEvent<SimObject> held;

    BuggyListener(WatchListener<SimObject> target) {
      this.target = target;
    }

    @Override
    public void onEvent(WatchEvent<SimObject> event) {
      switch (bug) {
        case DELETED_WITHOUT_LAST_STATE -> target.onEvent(event.type() == WatchEventType.DELETED
            ? WatchEvent.deleted(event.object().withLabels(Map.of())) : event);
        case SWALLOWS_ERRORS -> {
          if (event.type() != WatchEventType.ERROR) {
            target.onEvent(event);
          }
        }
        case SWAPS_EVENT_PAIRS -> {
          if (held == null) {
            held = event;
          } else {
            target.onEvent(event);
            target.onEvent(held);
            held = null;
          }
        }
        default -> target.onEvent(event);
      }
    }

    @Override
    public void onClose(SourceException error) {
      target.onClose(error);
    }
  }
}
