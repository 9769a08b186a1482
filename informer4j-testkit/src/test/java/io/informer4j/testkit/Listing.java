package io.informer4j.testkit;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import java.util.ArrayList;
import java.util.List;

/** One list call's items and page, for assertions. */
record Listing(List<SimObject> items, ListPage page) {

  static final TypeKey PODS = TypeKey.of("", "v1", "Pod");
  static final TypeKey NODES = TypeKey.of("", "v1", "Node");

  /** Runs one list call. */
  static Listing list(ListerWatcher<SimObject> lw, ListRequest request) {
    List<SimObject> items = new ArrayList<>();
    ListPage page = lw.list(request, items::add);
    return new Listing(items, page);
  }

  /** Lists everything at the most recent version in one call. */
  static Listing listAll(ListerWatcher<SimObject> lw) {
    return list(lw, ListRequest.of(Selection.all(), ""));
  }

  /** Returns the items' cache keys in order. */
  List<String> keys() {
    return items.stream().map(SimObject::key).toList();
  }

  /** Returns the page's resourceVersion. */
  String resourceVersion() {
    return page.resourceVersion();
  }
}
