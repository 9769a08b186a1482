package io.informer4j.kubernetes.internal;

import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchRequest;

/**
 * The URL paths (relative to the API server root, with their query) of list and watch requests, as
 * the Kubernetes API concepts describe them. Stateless.
 */
public final class RequestPaths {

  private RequestPaths() {
  }

  /** Returns the path and query of one list page. */
  public static String list(ResourceDescriptor resource, ListRequest request) {
    QueryString query = selection(request.selection());
    query.add("resourceVersion", request.resourceVersion())
        .add("resourceVersionMatch", match(request.match()))
        .add("limit", request.limit() > 0 ? Long.toString(request.limit()) : null)
        .add("continue", request.continueToken());
    return resource.collectionPath(request.selection().namespace()) + query;
  }

  /** Returns the path and query of a watch. */
  public static String watch(ResourceDescriptor resource, WatchRequest request) {
    QueryString query = new QueryString().add("watch", "true");
    appendSelection(query, request.selection());
    query.add("resourceVersion", request.resourceVersion())
        .add("resourceVersionMatch", match(request.match()))
        .add("allowWatchBookmarks", request.allowBookmarks() ? "true" : null)
        .add("sendInitialEvents", request.sendInitialEvents() ? "true" : null)
        .add("timeoutSeconds", request.timeout() != null ? Long.toString(Math.max(1, request.timeout().toSeconds())) : null);
    return resource.collectionPath(request.selection().namespace()) + query;
  }

  private static QueryString selection(Selection selection) {
    QueryString query = new QueryString();
    appendSelection(query, selection);
    return query;
  }

  private static void appendSelection(QueryString query, Selection selection) {
    query.add("labelSelector", selection.labels().toString()).add("fieldSelector", selection.fields().toString());
  }

  private static String match(ResourceVersionMatch match) {
    return switch (match) {
      case UNSET -> null;
      case NOT_OLDER_THAN -> "NotOlderThan";
      case EXACT -> "Exact";
    };
  }
}
