package io.informer4j.informer.internal;

import io.informer4j.source.ExpiredException;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.Selection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lists a whole selection, page by page, with client-go's pager rules:
 * <ul>
 *   <li>page size: the configured one if set; else the source's preferred size, or 500 when it has
 *       none, except for a list pinned to a specific
 *       resourceVersion (neither {@code ""} nor {@code "0"}), which is unpaginated so a watch cache
 *       can serve it, unless an earlier {@code "0"} list came back paginated (no watch cache: keep
 *       paging);
 *   <li>continuation pages carry only the token (resourceVersion and match cleared);
 *   <li>if a page after the first fails as expired, one unpaginated list at the original version
 *       replaces the partial result.
 * </ul>
 * Items pass the {@link ObjectIntake} as they arrive, so only admitted (transformed) objects are
 * kept; the keys of items that could not be read are collected, so the cache keeps their versions
 * (stale) instead of deleting them. Used by one reflector at a time; not thread-safe.
 *
 * @param <T> the object type
 */
final class PagedLister<T> {

  static final long DEFAULT_PAGE_SIZE = 500;
  private static final Logger log = LoggerFactory.getLogger(PagedLister.class);

  /**
   * A complete list: the admitted objects, the version they were read at, and the keys of items
   * that could not be read, with the reason.
   */
  record Result<T>(List<T> objects, String resourceVersion, Map<String, String> unreadable) {
  }

  private final String informer;
  private final ListerWatcher<T> source;
  private final Selection selection;
  private final long configuredPageSize;
  private final ObjectIntake<T> intake;
  private final LongAdder listCalls;
  private final ListProgressTracker progress;
  private final ReadWatchdog watchdog;
  private boolean paginatedResult;

  PagedLister(String informer, ListerWatcher<T> source, Selection selection, long configuredPageSize,
              ObjectIntake<T> intake, LongAdder listCalls, ListProgressTracker progress, ReadWatchdog watchdog) {
    this.informer = informer;
    this.source = source;
    this.selection = selection;
    this.configuredPageSize = configuredPageSize;
    this.intake = intake;
    this.listCalls = listCalls;
    this.progress = progress;
    this.watchdog = watchdog;
  }

  /**
   * Lists everything at {@code resourceVersion}, counting received objects in the progress
   * tracker (the caller ends it). Blocks; throws what the source throws (see
   * {@link SourceCalls}).
   */
  Result<T> listAll(String resourceVersion) {
    progress.begin();
    List<T> objects = new ArrayList<>();
    Map<String, String> unreadable = new HashMap<>();
    ListSink<T> sink = new ListSink<>() {
      @Override
      public void accept(T item) {
        progress.received();
        try {
          objects.add(intake.admit(item));
        } catch (MalformedObjectException e) {
          malformed(e);
        }
      }

      @Override
      public void malformed(MalformedObjectException problem) {
        progress.received();
        intake.reject(problem);
        problem.key().ifPresent(key -> unreadable.put(key.toString(), problem.getMessage()));
      }
    };
    ListRequest request = ListRequest.of(selection, resourceVersion).withLimit(pageSize(resourceVersion));
    ListPage page = call(request, sink);
    if ("0".equals(resourceVersion) && page.hasMore()) {
      paginatedResult = true;
    }
    while (page.hasMore()) {
      try {
        page = call(request.continueWith(page.continueToken()), sink);
      } catch (ExpiredException e) {
        log.info("informer {}: a continuation page expired ({}); listing everything at resourceVersion '{}' in one request",
            informer, e.getMessage(), resourceVersion);
        objects.clear();
        unreadable.clear();
        progress.begin();
        page = call(ListRequest.of(selection, resourceVersion), sink);
      }
    }
    return new Result<>(objects, page.resourceVersion(), unreadable);
  }

  private long pageSize(String resourceVersion) {
    if (configuredPageSize > 0) {
      return configuredPageSize;
    }
    if (!paginatedResult && !resourceVersion.isEmpty() && !"0".equals(resourceVersion)) {
      return 0;
    }
    long preferred = source.preferredPageSize();
    return preferred > 0 ? preferred : DEFAULT_PAGE_SIZE;
  }

  private ListPage call(ListRequest request, ListSink<T> sink) {
    listCalls.increment();
    return watchdog.guard("the list of " + source.description(), () -> SourceCalls.call(source, () -> source.list(request, sink)));
  }
}
