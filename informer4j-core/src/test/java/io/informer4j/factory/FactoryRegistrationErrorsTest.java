package io.informer4j.factory;

import static io.informer4j.testing.FakeBackend.NODES;
import static io.informer4j.testing.FakeBackend.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.SelectorParseException;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.reader.InformersMap;
import io.informer4j.source.Backend;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Bad registrations are clear typed errors that leave nothing registered, and a later good one works. */
class FactoryRegistrationErrorsTest {

  private final FactoryFixture fixture = new FactoryFixture();
  private SharedInformerFactory factory = fixture.factory().build();

  @AfterEach
  void tearDown() throws InterruptedException {
    factory.stop(Duration.ofSeconds(5));
    fixture.close();
  }

  private void assertNothingRegistered() {
    assertThat(factory.registered()).isEmpty();
    assertThat(factory.statuses()).isEmpty();
  }

  @Test
  void aTypeTheBackendDoesNotServeIsAnUnknownType() {
    ObjectType<Item> secrets = ObjectType.of(TypeKey.of("", "v1", "Secret"), Item.class, Item.ADAPTER);

    assertThatThrownBy(() -> factory.informerFor(secrets, InformerOptions.defaults()))
        .isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining("/v1, Kind=Secret");
    assertThatThrownBy(() -> factory.informerFor(String.class, InformerOptions.defaults()))
        .isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining("java.lang.String");

    assertNothingRegistered();
    assertThat(factory.map().entries()).isEmpty();
  }

  @Test
  void aTypeRegisteredInASecondRepresentationIsRejectedNamingBoth() {
    ObjectType<Item> metadata = ObjectType.of(PODS.key(), "metadata", Item.class, Item.ADAPTER);
    factory.informerFor(PODS, InformerOptions.defaults());

    assertThatThrownBy(() -> factory.informerFor(metadata, InformerOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("/v1, Kind=Pod as Item")
        .hasMessageContaining("/v1, Kind=Pod as metadata");

    assertThat(factory.registered().get(PODS.key()).type()).isEqualTo(PODS);
    assertThat(fixture.backend.calls()).containsExactly("/v1, Kind=Pod as Item");
  }

  @Test
  void aSelectorThatDoesNotParseIsRejectedWhenTheOptionsAreBuilt() {
    assertThatThrownBy(() -> InformerOptions.builder().labelSelector("app in (web"))
        .isInstanceOfSatisfying(SelectorParseException.class, e -> assertThat(e.selector()).isEqualTo("app in (web"));
    assertThatThrownBy(() -> InformerOptions.builder().fieldSelector("status.phase"))
        .isInstanceOf(SelectorParseException.class)
        .hasMessageContaining("no operator");
  }

  @Test
  void anExplicitNamespaceTheFilterRejectsIsRejected() {
    InformerOptions options = InformerOptions.builder().namespace("dev")
        .namespaceFilter(NamespaceFilter.allowing("prod")).build();

    assertThatThrownBy(() -> factory.informerFor(PODS, options))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'dev' is rejected by the namespace filter");

    assertNothingRegistered();
    assertThat(factory.map().entries()).isEmpty();
  }

  @Test
  void namespaceRulesForAClusterScopedTypeAreRejected() {
    assertThatThrownBy(() -> factory.informerFor(NODES,
        InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("prod")).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cluster-scoped");
    assertThatThrownBy(() -> factory.informerFor(NODES, InformerOptions.builder().namespace("prod").build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cluster-scoped");

    assertNothingRegistered();
    assertThat(factory.informerFor(NODES, InformerOptions.defaults())).isNotNull();
  }

  @Test
  void aRejectedClusterScopedRegistrationLeavesNoInformerInTheMap() {
    assertThatThrownBy(() -> factory.informerFor(NODES,
        InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("prod")).build()))
        .isInstanceOf(IllegalArgumentException.class);

    assertThat(factory.map().entries()).isEmpty();
  }

  @Test
  void aFailingBackendCallRegistersNothingAndALaterCallTriesAgain() throws InterruptedException {
    factory.stop(Duration.ofSeconds(5));
    AtomicInteger calls = new AtomicInteger();
    InformersMap map = InformersMap.builder(Backend.of(fixture.backend.types(), type -> {
      if (calls.incrementAndGet() == 1) {
        throw new IllegalStateException("backend unreachable");
      }
      return fixture.backend.listerWatcher(type);
    })).runtime(fixture.runtime).build();
    factory = SharedInformerFactory.builder(map, fixture.queues).build();

    assertThatThrownBy(() -> factory.informerFor(PODS, InformerOptions.defaults())).hasMessage("backend unreachable");
    assertNothingRegistered();

    assertThat(factory.informerFor(PODS, InformerOptions.defaults())).isNotNull();
    assertThat(factory.registered()).containsOnlyKeys(PODS.key());
    assertThat(calls).hasValue(2);
  }
}
