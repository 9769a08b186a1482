package io.informer4j.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.controller.Result;
import io.informer4j.manager.Manager;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Backend;
import io.informer4j.testkit.SimulatedApi;
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
  void noManagerWhenDisabled() {
    runner.withBean(Backend.class, () -> SimulatedApi.builder().build()).withPropertyValues("informer4j.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(Manager.class));
  }
}
