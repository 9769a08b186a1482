package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.Backend;
import io.informer4j.source.TypeNotFoundException;
import io.informer4j.source.TypePresence;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The SimulatedApi as the informers map sees it, a {@link Backend}: presence and scope follow
 * installation, installing a type is the type-added signal, and every type is served as
 * {@link SimObject}s, installed or not.
 */
class SimulatedApiAsBackendTest {

  private static final TypeKey WIDGETS = TypeKey.of("example.com", "v1", "Widget");

  @Test
  void presenceAndScopeFollowInstallationAndListenersHearOfNewTypes() throws Exception {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      Backend backend = api;
      List<TypeKey> added = new CopyOnWriteArrayList<>();
      AutoCloseable subscription = backend.onTypeAdded(added::add);

      assertThat(backend.presence(PODS)).isEqualTo(TypePresence.present(Scope.NAMESPACED));
      assertThat(backend.presence(WIDGETS).kind()).isEqualTo(TypePresence.Kind.ABSENT);
      assertThat(backend.types().scope(WIDGETS)).isEmpty();

      api.install(WIDGETS, Scope.CLUSTER);
      api.install(WIDGETS, Scope.CLUSTER);
      assertThat(backend.presence(WIDGETS)).isEqualTo(TypePresence.present(Scope.CLUSTER));
      assertThat(backend.types().scope(WIDGETS)).contains(Scope.CLUSTER);
      assertThat(added).containsExactly(WIDGETS);

      api.uninstall(WIDGETS);
      assertThat(backend.presence(WIDGETS).kind()).isEqualTo(TypePresence.Kind.ABSENT);
      subscription.close();
      api.install(WIDGETS, Scope.CLUSTER);
      assertThat(added).containsExactly(WIDGETS);
    }
  }

  @Test
  void everyTypeIsServedAsSimObjectsAndNoOtherRepresentation() {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      api.create(PODS, SimObject.of("ns", "a"));
      ObjectType<SimObject> pods = api.type(PODS);

      assertThat(pods.adapter()).isSameAs(SimObject.ADAPTER);
      assertThat(pods.javaClass()).isEqualTo(SimObject.class);
      assertThat(api.types().typeOf(SimObject.class)).as("no class stands for a type").isEmpty();
      assertThat(Listing.listAll(api.listerWatcher(pods)).keys()).containsExactly("ns/a");
      assertThatThrownBy(() -> Listing.listAll(api.listerWatcher(api.type(WIDGETS))))
          .isInstanceOf(TypeNotFoundException.class);
      ObjectType<String> strings =
          ObjectType.of(PODS, String.class, ObjectAdapter.builder((String s) -> "ns", s -> s).build());
      assertThatThrownBy(() -> api.listerWatcher(strings)).isInstanceOf(UnknownTypeException.class)
          .hasMessageContaining(String.class.getName()).hasMessageContaining(SimObject.class.getName());
      assertThatThrownBy(() -> api.type(SimObject.class)).isInstanceOf(UnknownTypeException.class);
    }
  }
}
