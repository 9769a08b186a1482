package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.controller.ControllerState;
import io.informer4j.controller.Result;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * What is handed to a controller to close is closed when its manager stops, after the controller's
 * workers ended, last added first, each even when another fails; one handed over later is closed at once.
 */
class ClosedOnStopTest {

  private final FakeBackend backend = new FakeBackend();
  private final List<String> closed = new CopyOnWriteArrayList<>();

  @Test
  void theManagerClosesWhatItsControllersWereHandedAfterTheirWorkersEnded() throws Exception {
    backend.source(FakeBackend.PODS).put(Item.of("shop", "web", "1"));
    Manager manager = Manager.builder(backend).build();
    ControllerBuilder<Item> builder = manager.controller("pods", FakeBackend.PODS);
    var controller = builder.reconcile(key -> Result.done());
    builder.closeOnStop(() -> closed.add("first, controller " + controller.state()))
        .closeOnStop(() -> {
          throw new IllegalStateException("refuses to close");
        })
        .closeOnStop(() -> closed.add("last, controller " + controller.state()));
    manager.start();
    assertThat(closed).isEmpty();

    assertThat(manager.stop(Duration.ofSeconds(10))).isTrue();
    assertThat(closed).containsExactly("last, controller " + ControllerState.STOPPED,
        "first, controller " + ControllerState.STOPPED);

    builder.closeOnStop(() -> closed.add("after the stop"));
    assertThat(closed).endsWith("after the stop");
  }

  @Test
  void aManagerStoppedBeforeItStartedClosesThemToo() throws Exception {
    Manager manager = Manager.builder(backend).build();
    ControllerBuilder<Item> builder = manager.controller("pods", FakeBackend.PODS);
    builder.closeOnStop(() -> closed.add("closed")).reconcile(key -> Result.done());

    manager.close();
    assertThat(closed).containsExactly("closed");
  }
}
