package io.informer4j.testkit;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.source.ListerWatcher;
import java.time.Duration;
import java.util.function.Consumer;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The contract fails a backend with a bug: each bug of {@link BrokenListerWatcher} is caught. */
class ListerWatcherContractSelfTest {

  /** The contract over a broken backend, with short waits. */
  private static final class BrokenContract extends SimulatedApiListerWatcherContractTest {
    private final BrokenListerWatcher.Bug bug;

    BrokenContract(BrokenListerWatcher.Bug bug) {
      this.bug = bug;
    }

    @Override
    protected ListerWatcher<SimObject> listerWatcher() {
      return new BrokenListerWatcher(super.listerWatcher(), bug);
    }

    @Override
    protected Duration waitTimeout() {
      return Duration.ofSeconds(1);
    }
  }

  private static Consumer<BrokenContract> testCatching(BrokenListerWatcher.Bug bug) {
    return switch (bug) {
      case WATCH_IGNORES_LABELS -> BrokenContract::labelSelectorFiltersListAndWatch;
      case DELETED_WITHOUT_LAST_STATE -> BrokenContract::watchFromAListVersionSeesLaterChangesInOrderAndDeletesWithTheLastState;
      case DROPS_CONTINUE_TOKENS -> BrokenContract::paginationReturnsEveryItemExactlyOnceFromOneConsistentVersion;
      case CLOSE_IGNORED -> BrokenContract::closingTheHandleStopsDelivery;
      case SWALLOWS_ERRORS -> BrokenContract::watchFromAnExpiredVersionReportsExpired;
      case SWAPS_EVENT_PAIRS -> BrokenContract::aBurstOfAThousandWritesArrivesCompleteAndInOrder;
    };
  }

  @ParameterizedTest
  @EnumSource(BrokenListerWatcher.Bug.class)
  void theContractCatchesTheBug(BrokenListerWatcher.Bug bug) {
    BrokenContract contract = new BrokenContract(bug);
    contract.startApi();
    try {
      assertThatThrownBy(() -> testCatching(bug).accept(contract))
          .isInstanceOfAny(AssertionError.class, ConditionTimeoutException.class);
    } finally {
      contract.closeApi();
    }
  }
}
