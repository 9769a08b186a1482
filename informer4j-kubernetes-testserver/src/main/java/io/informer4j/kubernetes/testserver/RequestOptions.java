package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchRequest;
import io.vertx.core.MultiMap;
import java.time.Duration;

/**
 * Reads the query parameters of list and watch requests as the Kubernetes API defines them. A
 * parameter it cannot read is an {@link IllegalArgumentException}, answered with 400. Stateless.
 */
final class RequestOptions {

  private RequestOptions() {
  }

  static boolean isWatch(MultiMap params) {
    String watch = params.get("watch");
    return "true".equals(watch) || "1".equals(watch);
  }

  static Selection selection(MultiMap params, String namespace) {
    String labels = params.get("labelSelector");
    String fields = params.get("fieldSelector");
    return new Selection(namespace,
        labels == null || labels.isEmpty() ? LabelSelector.everything() : LabelSelector.parse(labels),
        fields == null || fields.isEmpty() ? FieldSelector.everything() : FieldSelector.parse(fields));
  }

  static ListRequest list(MultiMap params, String namespace) {
    String limit = params.get("limit");
    return new ListRequest(selection(params, namespace), params.get("resourceVersion"), match(params),
        limit == null || limit.isEmpty() ? 0 : Long.parseLong(limit), params.get("continue"));
  }

  /**
   * Reads a watch request; a server that does not know watch-list ({@code knowsWatchList} false)
   * ignores {@code sendInitialEvents} and {@code resourceVersionMatch}, as unknown parameters.
   */
  static WatchRequest watch(MultiMap params, String namespace, boolean knowsWatchList) {
    String timeout = params.get("timeoutSeconds");
    return new WatchRequest(selection(params, namespace), params.get("resourceVersion"),
        knowsWatchList ? match(params) : ResourceVersionMatch.UNSET, "true".equals(params.get("allowWatchBookmarks")),
        knowsWatchList && "true".equals(params.get("sendInitialEvents")),
        timeout == null || timeout.isEmpty() ? null : Duration.ofSeconds(Long.parseLong(timeout)));
  }

  private static ResourceVersionMatch match(MultiMap params) {
    String match = params.get("resourceVersionMatch");
    if (match == null || match.isEmpty()) {
      return ResourceVersionMatch.UNSET;
    }
    return switch (match) {
      case "NotOlderThan" -> ResourceVersionMatch.NOT_OLDER_THAN;
      case "Exact" -> ResourceVersionMatch.EXACT;
      default -> throw new IllegalArgumentException("unknown resourceVersionMatch '" + match + "'");
    };
  }
}
