package io.informer4j.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Reconciler;
import io.informer4j.controller.Result;
import io.informer4j.manager.ControllerStatus;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Backend;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** What the auto-configuration builds, and what it leaves to the application's own beans. */
class AutoConfigurationTest {

  private static final TypeKey THINGS = TypeKey.of("test.informer4j.io", "v1", "Thing");

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(Informer4jAutoConfiguration.class))
      .withPropertyValues("informer4j.kubernetes.enabled=false");

  @Test
  void buildsAndStartsTheManagerOverTheApplicationsBackendWithItsControllers() {
    SimulatedApi api = SimulatedApi.builder().build().install(THINGS, Scope.NAMESPACED);
    runner.withBean(Backend.class, () -> api)
        .withBean("things", ControllerDefinition.class,
            () -> ControllerDefinition.of("things", api.type(THINGS), key -> Result.done()))
        .withPropertyValues("informer4j.name=things-app", "informer4j.controllers.things.workers=3")
        .run(context -> {
          assertThat(context).hasSingleBean(Manager.class);
          Manager manager = context.getBean(Manager.class);
          assertThat(manager.controllers()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("things");
            assertThat(c.workers()).isEqualTo(3);
          });
          assertThat(manager.stopped()).as("started with the context").isNotDone();
          assertThat(manager.cache().isRunning()).isTrue();
        });
  }

  @Test
  void anApplicationsOwnManagerWins() {
    SimulatedApi api = SimulatedApi.builder().build();
    Manager own = Manager.builder(api).name("own").build();
    runner.withBean(Backend.class, () -> api).withBean(Manager.class, () -> own)
        .run(context -> assertThat(context.getBean(Manager.class)).isSameAs(own));
  }

  @Test
  void aTypeWithoutKindFailsNamingTheProperty() {
    runner.withBean(Backend.class, () -> SimulatedApi.builder().build())
        .withPropertyValues("informer4j.types[0].api-version=v1")
        .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("informer4j.types[0] needs api-version and kind"));
  }

  @Test
  void aBadLabelSelectorFailsNamingTheProperty() {
    runner.withBean(Backend.class, () -> SimulatedApi.builder().build())
        .withPropertyValues("informer4j.types[0].api-version=v1", "informer4j.types[0].kind=ConfigMap",
            "informer4j.types[0].label-selector=a in (")
        .run(context -> assertThat(context).hasFailed().getFailure()
            .hasStackTraceContaining("informer4j.types[0]: "));
  }

  @Test
  void aReconcilePastTheStuckThresholdPropertyIsReportedAndAControllersOwnThresholdWins() {
    SimulatedApi api = SimulatedApi.builder().build().install(THINGS, Scope.NAMESPACED);
    api.create(THINGS, SimObject.of("shop", "hung"));
    CountDownLatch release = new CountDownLatch(1);
    Reconciler<ObjectKey> hangs = key -> {
      release.await();
      return Result.done();
    };
    runner.withBean(Backend.class, () -> api)
        .withBean("things", ControllerDefinition.class, () -> ControllerDefinition.of("things", api.type(THINGS), hangs))
        .withBean("others", ControllerDefinition.class, () -> ControllerDefinition.of("others", api.type(THINGS), hangs))
        .withPropertyValues("informer4j.stuck-threshold=1h", "informer4j.controllers.things.stuck-threshold=100ms")
        .run(context -> {
          Manager manager = context.getBean(Manager.class);
          try {
            await().atMost(Duration.ofSeconds(20)).until(() -> !status(manager, "things").stuckReconciles().isEmpty());
            assertThat(status(manager, "things").stuckReconciles()).containsExactly("shop/hung");
            assertThat(status(manager, "others").stuckReconciles()).as("held to informer4j.stuck-threshold").isEmpty();
            assertThat(status(manager, "others").activeWorkers()).isEqualTo(1);
          } finally {
            release.countDown();
          }
        });
  }

  private static ControllerStatus status(Manager manager, String controller) {
    return manager.controllers().stream().filter(c -> c.name().equals(controller)).findFirst().orElseThrow();
  }

  @Test
  void aStuckThresholdThatIsNotPositiveFailsNamingTheProperty() {
    SimulatedApi api = SimulatedApi.builder().build().install(THINGS, Scope.NAMESPACED);
    runner.withBean(Backend.class, () -> api)
        .withBean("things", ControllerDefinition.class,
            () -> ControllerDefinition.of("things", api.type(THINGS), key -> Result.done()))
        .withPropertyValues("informer4j.stuck-threshold=0s")
        .run(context -> assertThat(context).hasFailed().getFailure()
            .hasStackTraceContaining("informer4j.controllers.things.stuck-threshold (or informer4j.stuck-threshold)")
            .hasStackTraceContaining("must be positive"));
  }

  @Test
  void noManagerWhenDisabled() {
    runner.withBean(Backend.class, () -> SimulatedApi.builder().build()).withPropertyValues("informer4j.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(Manager.class));
  }
}
