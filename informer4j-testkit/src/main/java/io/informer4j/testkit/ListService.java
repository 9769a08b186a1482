package io.informer4j.testkit;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.Selection;
import io.informer4j.source.TooLargeResourceVersionException;

/**
 * Serves list calls with the Kubernetes resourceVersion semantics for lists:
 *
 * <table>
 *   <caption>What a first page is read at</caption>
 *   <tr><th>match</th><th>{@code ""}</th><th>{@code "0"}</th><th>{@code "X"}</th></tr>
 *   <tr><td>UNSET, no limit</td><td>most recent</td><td>any (latest, unpaginated)</td><td>not older than X</td></tr>
 *   <tr><td>UNSET, limit</td><td>most recent, paginated</td><td>any (latest, limit ignored as by the
 *       watch cache)</td><td>exactly X, paginated</td></tr>
 *   <tr><td>NOT_OLDER_THAN</td><td>invalid (400)</td><td>any (latest, unpaginated)</td><td>not older than X
 *       (latest), paginated when limited</td></tr>
 *   <tr><td>EXACT</td><td>invalid (400)</td><td>invalid (400)</td><td>exactly X, paginated when limited</td></tr>
 * </table>
 *
 * <p>"Not older than" is served at the latest revision. X newer than the current revision is
 * {@link TooLargeResourceVersionException}; an exact X before the compaction (or the type's
 * installation) is {@link ExpiredException}. Later pages are read at the first page's revision,
 * from the key after the previous page; a continue token whose revision was compacted is expired.
 * {@code remainingItemCount} is given when more items follow and the list has no label or field
 * selector, as Kubernetes does; the first page counts them and its continue token carries the
 * count, so a paginated list costs O(n) in all.
 *
 * <p>Thread-safe; a page is read under the storage read lock and handed to the sink after it is
 * released.
 */
final class ListService {

  private final Storage storage;
  private final RequestGate gate;

  ListService(Storage storage, RequestGate gate) {
    this.storage = storage;
    this.gate = gate;
  }

  /** Serves one list call. @see io.informer4j.source.ListerWatcher#list */
  ListPage list(TypeKey type, ListRequest request, ListSink<SimObject> sink) {
    gate.admit(RecordedRequest.of(type, request));
    Page page = storage.read(() -> readPage(type, request));
    page.items().forEach(sink::accept);
    String token = null;
    if (page.hasMore()) {
      long remaining = page.remaining() == null ? -1 : page.remaining();
      token = new ContinueToken(page.revision(), page.lastKey(), remaining).encode();
    }
    return new ListPage(Long.toString(page.revision()), token, page.remaining());
  }

  private Page readPage(TypeKey type, ListRequest request) {
    TypeStore store = storage.requireType(type);
    Selection selection = request.selection();
    store.checkSelection(selection);
    SelectionFilter filter = new SelectionFilter(selection);
    boolean countRemaining = selection.labels().isEverything() && selection.fields().isEverything();
    if (request.continueToken() != null) {
      ContinueToken token = ContinueToken.decode(request.continueToken());
      if (token.revision() < storage.oldestReadable(store)) {
        throw new ExpiredException("the provided continue parameter is too old to display a consistent list result "
            + "(revision " + token.revision() + " was compacted); restart the list without continue");
      }
      Page page = store.read(filter, token.revision(), token.lastKey(), request.limit(), false);
      Long remaining = page.hasMore() ? token.remainingAfter(page.items().size()) : null;
      return new Page(page.items(), page.revision(), page.lastKey(), page.hasMore(), remaining);
    }
    String version = request.resourceVersion();
    long current = storage.revision();
    return switch (request.match()) {
      case UNSET -> {
        if (ResourceVersions.isUnset(version)) {
          yield store.read(filter, current, null, request.limit(), countRemaining);
        }
        if (ResourceVersions.isAny(version)) {
          yield store.read(filter, current, null, 0, countRemaining);
        }
        long requested = notNewerThanCurrent(version, current);
        yield request.limit() > 0
            ? readExactly(store, filter, requested, request.limit(), countRemaining)
            : store.read(filter, current, null, 0, countRemaining);
      }
      case NOT_OLDER_THAN -> {
        if (ResourceVersions.isUnset(version)) {
          throw new InvalidRequestException("resourceVersionMatch is forbidden unless resourceVersion is provided", 400);
        }
        if (ResourceVersions.isAny(version)) {
          yield store.read(filter, current, null, 0, countRemaining);
        }
        notNewerThanCurrent(version, current);
        yield store.read(filter, current, null, request.limit(), countRemaining);
      }
      case EXACT -> {
        if (ResourceVersions.isUnset(version) || ResourceVersions.isAny(version)) {
          throw new InvalidRequestException("resourceVersionMatch \"Exact\" is forbidden for resourceVersion \""
              + version + "\"", 400);
        }
        long requested = notNewerThanCurrent(version, current);
        yield readExactly(store, filter, requested, request.limit(), countRemaining);
      }
    };
  }

  private Page readExactly(TypeStore store, SelectionFilter filter, long revision, long limit, boolean countRemaining) {
    long oldest = storage.oldestReadable(store);
    if (revision < oldest) {
      throw new ExpiredException("too old resource version: " + revision + " (" + oldest + ")");
    }
    return store.read(filter, revision, null, limit, countRemaining);
  }

  /**
   * Parses a specific requested version.
   *
   * @throws TooLargeResourceVersionException if it is newer than {@code current}
   */
  static long notNewerThanCurrent(String version, long current) {
    long requested = ResourceVersions.parse(version);
    if (requested > current) {
      throw new TooLargeResourceVersionException("Too large resource version: " + requested + ", current: " + current);
    }
    return requested;
  }
}
