package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchRequest;
import io.vertx.core.MultiMap;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The query parameters of a list or watch request, decoded as the API server decodes them into
 * {@code metainternalversion.ListOptions} (k8s.io/apimachinery pkg/runtime/conversion.go): a flag is
 * false for {@code 0} or {@code false} (any case) and true for any other value, a number that does
 * not parse is a 400 with {@code strconv.ParseInt}'s message, and {@code sendInitialEvents} keeps
 * whether it was given at all. Immutable.
 *
 * @param watch                whether this is a watch
 * @param resourceVersion      the {@code resourceVersion} parameter, {@code ""} when absent
 * @param resourceVersionMatch the {@code resourceVersionMatch} parameter, {@code ""} when absent
 * @param sendInitialEvents    the {@code sendInitialEvents} parameter, null when absent
 * @param allowWatchBookmarks  the {@code allowWatchBookmarks} flag
 * @param continueToken        the {@code continue} parameter, {@code ""} when absent
 * @param limit                the {@code limit} parameter, 0 when absent
 * @param timeoutSeconds       the {@code timeoutSeconds} parameter, null when absent
 * @param selection            the namespace and the selectors
 */
record ListOptions(boolean watch, String resourceVersion, String resourceVersionMatch, Boolean sendInitialEvents,
                   boolean allowWatchBookmarks, String continueToken, long limit, Long timeoutSeconds,
                   Selection selection) {

  /** The {@code resourceVersionMatch} value of watch-list and of lists not older than a version. */
  static final String NOT_OLDER_THAN = "NotOlderThan";
  /** The {@code resourceVersionMatch} value of lists at exactly a version. */
  static final String EXACT = "Exact";

  /**
   * Decodes the parameters of a request in {@code namespace} ({@code ""} for all).
   *
   * @throws RejectedRequest (400 BadRequest) if a number or a selector does not parse
   */
  static ListOptions read(MultiMap params, String namespace) {
    String send = params.get("sendInitialEvents");
    String timeout = params.get("timeoutSeconds");
    return new ListOptions(flag(params.get("watch")), text(params.get("resourceVersion")),
        text(params.get("resourceVersionMatch")), send == null ? null : flag(send),
        flag(params.get("allowWatchBookmarks")), text(params.get("continue")),
        params.get("limit") == null ? 0 : number(params.get("limit")),
        timeout == null ? null : number(timeout), selection(params, namespace));
  }

  /** Returns the namespace and selectors of {@code params}. @throws RejectedRequest (400) if a selector does not parse */
  static Selection selection(MultiMap params, String namespace) {
    String labels = text(params.get("labelSelector"));
    String fields = text(params.get("fieldSelector"));
    try {
      return new Selection(namespace, labels.isEmpty() ? LabelSelector.everything() : LabelSelector.parse(labels),
          fields.isEmpty() ? FieldSelector.everything() : FieldSelector.parse(fields));
    } catch (IllegalArgumentException unreadable) {
      throw new RejectedRequest(Statuses.badRequest(unreadable.getMessage()));
    }
  }

  /** Returns a copy with {@code sendInitialEvents} and {@code resourceVersionMatch} set. */
  ListOptions withInitialEvents(Boolean send, String match) {
    return new ListOptions(watch, resourceVersion, match, send, allowWatchBookmarks, continueToken, limit,
        timeoutSeconds, selection);
  }

  /** Returns true when this asks for a watch that starts with the current state ({@code sendInitialEvents=true}). */
  boolean sendsInitialEvents() {
    return Boolean.TRUE.equals(sendInitialEvents);
  }

  /**
   * Returns the list call these options ask for: a {@code continue} token with a specific
   * {@code resourceVersion} is refused as the etcd3 store refuses it (k8s.io/apiserver
   * pkg/storage/etcd3/store.go, resolveGetListRev), with {@code "0"} it reads on; a negative
   * limit is no limit.
   *
   * @throws RejectedRequest (400) for a continue token with a specific resourceVersion
   */
  ListRequest listRequest() {
    String version = resourceVersion;
    if (!continueToken.isEmpty()) {
      if (!version.isEmpty() && !version.equals("0")) {
        throw new RejectedRequest(Statuses.badRequest("specifying resource version is not allowed when using continue"));
      }
      version = "";
    }
    return new ListRequest(selection, version, match(), Math.max(0, limit), continueToken);
  }

  /**
   * Returns the watch call these (defaulted and valid) options ask for, as the watch cache serves
   * it (k8s.io/apiserver pkg/storage/cacher/cacher.go, Watch): initial events end with a bookmark
   * only when bookmarks are allowed ({@code allowBookmarks} is then left to the caller's filter);
   * {@code sendInitialEvents=false} from {@code ""} or {@code "0"} starts at {@code current}, the
   * newest version, without the state; a zero timeout is the server's default and a negative one
   * has already passed. A server that does not know watch-list ({@code knowsWatchList} false)
   * ignores {@code sendInitialEvents} and {@code resourceVersionMatch}, as unknown parameters.
   */
  WatchRequest watchRequest(boolean knowsWatchList, Supplier<String> current) {
    Duration timeout = timeoutSeconds == null || timeoutSeconds == 0 ? null
        : timeoutSeconds < 0 ? Duration.ofMillis(1) : Duration.ofSeconds(timeoutSeconds);
    if (knowsWatchList && sendsInitialEvents()) {
      return new WatchRequest(selection, resourceVersion, ResourceVersionMatch.NOT_OLDER_THAN, true, true, timeout);
    }
    boolean fromNow = knowsWatchList && Boolean.FALSE.equals(sendInitialEvents)
        && (resourceVersion.isEmpty() || resourceVersion.equals("0"));
    return new WatchRequest(selection, fromNow ? current.get() : resourceVersion, ResourceVersionMatch.UNSET,
        allowWatchBookmarks, false, timeout);
  }

  private ResourceVersionMatch match() {
    return switch (resourceVersionMatch) {
      case NOT_OLDER_THAN -> ResourceVersionMatch.NOT_OLDER_THAN;
      case EXACT -> ResourceVersionMatch.EXACT;
      default -> ResourceVersionMatch.UNSET;
    };
  }

  private static boolean flag(String value) {
    return value != null && !value.equals("0") && !value.equalsIgnoreCase("false");
  }

  private static String text(String value) {
    return value == null ? "" : value;
  }

  private static long number(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new RejectedRequest(Statuses.badRequest("strconv.ParseInt: parsing " + JsonValues.quote(value)
          + ": invalid syntax"));
    }
  }
}
