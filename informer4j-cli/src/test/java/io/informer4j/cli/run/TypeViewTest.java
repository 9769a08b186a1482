package io.informer4j.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.cli.dashboard.Dashboard;
import io.informer4j.cli.dashboard.DashboardRow;
import io.informer4j.cli.dashboard.RateMeter;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.meta.TypeKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What one type's rows and summary say for a fixed sequence of statuses. */
class TypeViewTest {

  private static final WatchedType PODS = new WatchedType(
      SimulatedApi.builder().build().type(TypeKey.of("", "v1", "Pod")), "Pod", NamespaceFilter.restricting("kube-system"));
  private static final long SECOND = 1_000_000_000L;

  /** A snapshot with these counters; the rest is a synced, watching informer. */
  private static TypeSnapshot snapshot(long dropped, int queueDepth, long listWatchFailures, long malformed) {
    return stuck(dropped, queueDepth, listWatchFailures, malformed, List.of(), false);
  }

  private static TypeSnapshot stuck(long dropped, int queueDepth, long listWatchFailures, long malformed,
                                    List<String> stuck, boolean allStuck) {
    return new TypeSnapshot(false, "WATCHING", true, 10, 100 + dropped, 100, dropped, queueDepth, 0, listWatchFailures,
        malformed, 0, null, stuck, allStuck);
  }

  @Test
  void stuckReconcilesAreCountedAndNamedFirstInTheNote() {
    TypeView view = new TypeView(PODS, "demo-Pod", false);
    RateMeter rates = new RateMeter();

    DashboardRow some = view.refresh(stuck(0, 0, 0, 0, List.of("shop/web"), false), "list 3 of 9", rates, 0,
        Duration.ZERO);
    DashboardRow all = view.refresh(stuck(0, 0, 0, 0, List.of("shop/web", "shop/db"), true), "", rates, SECOND,
        Duration.ofSeconds(1));
    DashboardRow none = view.refresh(snapshot(0, 0, 0, 0), "", rates, 2 * SECOND, Duration.ofSeconds(2));

    assertThat(some.stuck()).isEqualTo(1);
    assertThat(some.note()).isEqualTo("stuck: shop/web; list 3 of 9");
    assertThat(all.stuck()).isEqualTo(2);
    assertThat(all.note()).isEqualTo("every worker stuck, not ready: shop/web, shop/db");
    assertThat(none.stuck()).isZero();
    assertThat(none.note()).isEmpty();
    assertThat(Dashboard.logLine("1s", all)).contains(" stuck=2 ").endsWith("(every worker stuck, not ready: shop/web, shop/db)");
  }

  @Test
  void theDeepestQueueOfTheSummaryIsTheDeepestTheRowsShowedNotOneSeenAfterTheStop() {
    TypeView view = new TypeView(PODS, "demo-Pod", false);
    RateMeter rates = new RateMeter();
    int[] depths = {0, 3, 831, 12, 0};
    List<Integer> shown = new ArrayList<>();
    for (int i = 0; i < depths.length; i++) {
      shown.add(view.refresh(snapshot(0, depths[i], 0, 0), "", rates, i * SECOND, Duration.ofSeconds(i)).queueDepth());
    }
    view.settle(snapshot(0, 5_000, 0, 0), Duration.ofSeconds(6));

    assertThat(shown).containsExactly(0, 3, 831, 12, 0);
    assertThat(view.summary().maxQueueDepth()).isEqualTo(831);
    assertThat(view.summary().line()).contains(" max-queue-depth=831 ");
  }

  @Test
  void droppedIsARateLikeItsNeighboursAndATotalInTheSummary() {
    TypeView view = new TypeView(PODS, "demo-Pod", false);
    RateMeter rates = new RateMeter();

    DashboardRow first = view.refresh(snapshot(1_000, 0, 0, 0), "", rates, 0, Duration.ZERO);
    DashboardRow second = view.refresh(snapshot(1_050, 0, 0, 0), "", rates, 2 * SECOND, Duration.ofSeconds(2));

    assertThat(first.droppedPerSecond()).isZero();
    assertThat(second.droppedPerSecond()).isEqualTo(25.0);
    assertThat(view.summary().droppedByFilter()).isEqualTo(1_050);
  }

  @Test
  void listWatchFailuresOfPlannedFaultsAreNoErrorsButShownApart() {
    TypeView demo = new TypeView(PODS, "demo-Pod", true);

    DashboardRow row = demo.refresh(snapshot(0, 0, 4, 0), "", new RateMeter(), 0, Duration.ZERO);

    assertThat(row.errors()).isZero();
    assertThat(demo.summary().errors()).isZero();
    assertThat(demo.summary().line()).contains(" errors=0 ").contains(" planned-fault-failures=4 ");
  }

  @Test
  void withoutPlannedFaultsListWatchFailuresAndUnreadableObjectsAreErrors() {
    TypeView watch = new TypeView(PODS, "watch-Pod", false);

    DashboardRow row = watch.refresh(snapshot(0, 0, 2, 1), "", new RateMeter(), 0, Duration.ZERO);

    assertThat(row.errors()).isEqualTo(3);
    assertThat(watch.summary().line()).contains(" errors=3 ").contains(" list-watch-failures=2 ")
        .contains(" malformed=1");
  }
}
