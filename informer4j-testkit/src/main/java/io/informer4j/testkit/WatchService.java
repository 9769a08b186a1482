package io.informer4j.testkit;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;

/**
 * Opens watches with the Kubernetes resourceVersion semantics for watches:
 *
 * <ul>
 *   <li>{@code ""} (get state and start at most recent) and {@code "0"} (get state and start at
 *       any): synthetic ADDED events for the current state, in key order, then live events;</li>
 *   <li>{@code "X"} (start at exact): the retained writes after X, then live events; X before the
 *       compaction is expired, newer than the current revision too large;</li>
 *   <li>{@code sendInitialEvents} (watch-list, needs match NOT_OLDER_THAN and bookmarks, else 422):
 *       the current state as ADDED events, a BOOKMARK marked initialEventsEnd at the state's
 *       revision, then live events; optionally rejected with 422 as 1.33 servers did.</li>
 * </ul>
 *
 * <p>An expired start is reported, as the real API server does, by an ERROR event after the watch
 * opened and then a clean close; or, when the API is built so, thrown by {@code watch}. A request
 * that sets a match without {@code sendInitialEvents} is invalid (422), as Kubernetes rejects it.
 *
 * <p>Thread-safe. A watch is registered under the storage write lock together with its initial
 * events, so it neither misses nor repeats a write.
 */
final class WatchService {

  private final Storage storage;
  private final RequestGate gate;
  private final FaultInjector faults;
  private final DeliveryContext delivery;
  private final boolean rejectWatchList;
  private final boolean throwExpiredAtOpen;

  WatchService(Storage storage, RequestGate gate, FaultInjector faults, DeliveryContext delivery,
               boolean rejectWatchList, boolean throwExpiredAtOpen) {
    this.storage = storage;
    this.gate = gate;
    this.faults = faults;
    this.delivery = delivery;
    this.rejectWatchList = rejectWatchList;
    this.throwExpiredAtOpen = throwExpiredAtOpen;
  }

  /** Opens one watch. @see io.informer4j.source.ListerWatcher#watch */
  WatchHandle watch(TypeKey type, WatchRequest request, WatchListener<SimObject> listener) {
    gate.admit(RecordedRequest.of(type, request));
    checkOptions(request);
    ServerWatch watch = storage.write(() -> open(type, request, listener));
    watch.start(request.timeout());
    return watch;
  }

  private void checkOptions(WatchRequest request) {
    if (request.sendInitialEvents()) {
      if (rejectWatchList) {
        throw new InvalidRequestException("sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled", 422);
      }
      if (request.match() != ResourceVersionMatch.NOT_OLDER_THAN) {
        throw new InvalidRequestException("sendInitialEvents requires setting resourceVersionMatch to NotOlderThan", 422);
      }
      if (!request.allowBookmarks()) {
        throw new InvalidRequestException("sendInitialEvents requires setting allowWatchBookmarks to true", 422);
      }
    } else if (request.match() != ResourceVersionMatch.UNSET) {
      throw new InvalidRequestException("resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided", 422);
    }
  }

  private ServerWatch open(TypeKey type, WatchRequest request, WatchListener<SimObject> listener) {
    TypeStore store = storage.requireType(type);
    store.checkSelection(request.selection());
    ServerWatch watch = new ServerWatch(delivery, store, new SelectionFilter(request.selection()),
        request.allowBookmarks(), listener, faults.cutAfterEvents());
    String version = request.resourceVersion();
    long current = storage.revision();
    boolean fromState = ResourceVersions.isUnset(version) || ResourceVersions.isAny(version);
    if (request.sendInitialEvents()) {
      if (!fromState) {
        ListService.notNewerThanCurrent(version, current);
      }
      sendState(store, watch, current);
      watch.offer(WatchEvent.bookmark(Long.toString(current), true));
    } else if (fromState) {
      sendState(store, watch, current);
    } else {
      long start = ListService.notNewerThanCurrent(version, current);
      long compacted = storage.compactedRevision();
      if (start < compacted) {
        ExpiredException expired = new ExpiredException("too old resource version: " + start + " (" + compacted + ")");
        if (throwExpiredAtOpen) {
          throw expired;
        }
        watch.endAfterPending(expired);
        return watch;
      }
      storage.forEachChangeAfter(start, type, watch::offerChange);
    }
    store.watches().add(watch);
    return watch;
  }

  private static void sendState(TypeStore store, ServerWatch watch, long revision) {
    for (SimObject object : store.read(watch.filter(), revision, null, 0, false).items()) {
      watch.offer(WatchEvent.added(object));
    }
  }
}
