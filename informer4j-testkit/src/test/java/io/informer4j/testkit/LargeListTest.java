package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.PODS;
import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.meta.Scope;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The scale demos and benchmarks need: 100,000 objects written, listed whole and listed in pages. */
class LargeListTest {

  private static final int OBJECTS = 100_000;

  @Test
  void aHundredThousandObjectsListWholeAndInPages() {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      for (int i = 0; i < OBJECTS; i++) {
        api.create(PODS, SimObject.of("ns-" + (i % 100), "pod-" + i).withLabel("app", "web"));
      }
      ListerWatcher<SimObject> pods = api.listerWatcher(PODS);

      AtomicInteger whole = new AtomicInteger();
      ListPage page = pods.list(ListRequest.of(Selection.all(), ""), item -> whole.incrementAndGet());
      assertThat(whole).hasValue(OBJECTS);
      assertThat(page.resourceVersion()).isEqualTo(Integer.toString(OBJECTS + 1));

      AtomicInteger paged = new AtomicInteger();
      ListRequest request = ListRequest.of(Selection.all(), "").withLimit(500);
      ListPage next = pods.list(request, item -> paged.incrementAndGet());
      int pages = 1;
      while (next.hasMore()) {
        next = pods.list(request.continueWith(next.continueToken()), item -> paged.incrementAndGet());
        pages++;
      }
      assertThat(paged).hasValue(OBJECTS);
      assertThat(pages).isEqualTo(OBJECTS / 500);
    }
  }
}
