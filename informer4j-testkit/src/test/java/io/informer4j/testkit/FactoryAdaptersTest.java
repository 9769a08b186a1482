package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.factory.GenericClient;
import io.informer4j.factory.TypeDiscovery;
import io.informer4j.factory.TypePresence;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.TypeNotFoundException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The SimulatedApi as the shared informer factory sees it: a client provider and type discovery. */
class FactoryAdaptersTest {

  private static final TypeKey WIDGETS = TypeKey.of("example.com", "v1", "Widget");

  @Test
  void discoveryFollowsInstallationAndTellsListenersOfNewTypes() throws Exception {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      TypeDiscovery discovery = api.typeDiscovery();
      List<TypeKey> added = new CopyOnWriteArrayList<>();
      AutoCloseable subscription = discovery.onTypeAdded(added::add);

      assertThat(discovery.presence(PODS)).isEqualTo(TypePresence.present(Scope.NAMESPACED));
      assertThat(discovery.presence(WIDGETS).kind()).isEqualTo(TypePresence.Kind.ABSENT);

      api.install(WIDGETS, Scope.CLUSTER);
      api.install(WIDGETS, Scope.CLUSTER);
      assertThat(discovery.presence(WIDGETS)).isEqualTo(TypePresence.present(Scope.CLUSTER));
      assertThat(added).containsExactly(WIDGETS);

      api.uninstall(WIDGETS);
      assertThat(discovery.presence(WIDGETS).kind()).isEqualTo(TypePresence.Kind.ABSENT);
      subscription.close();
      api.install(WIDGETS, Scope.CLUSTER);
      assertThat(added).containsExactly(WIDGETS);
    }
  }

  @Test
  void theClientProviderServesEveryTypeAsSimObjects() {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      api.create(PODS, SimObject.of("ns", "a"));

      GenericClient<SimObject> pods = api.clientProvider().clientFor(PODS, SimObject.class);
      GenericClient<SimObject> widgets = api.clientProvider().clientFor(WIDGETS, SimObject.class);

      assertThat(pods.adapter()).isSameAs(SimObject.ADAPTER);
      assertThat(Listing.listAll(pods.source()).keys()).containsExactly("ns/a");
      assertThatThrownBy(() -> Listing.listAll(widgets.source())).isInstanceOf(TypeNotFoundException.class);
      assertThatThrownBy(() -> api.clientProvider().clientFor(PODS, String.class)).isInstanceOf(UnknownTypeException.class);
    }
  }
}
