package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.TypePresence;
import org.junit.jupiter.api.Test;

/** Discovery's outcomes for the answers the test server cannot give: 403, 401, 503 and a bad body. */
@EnableKubernetesMockClient
class DiscoveryOutcomesTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private static final TypeKey WIDGET = TypeKey.of("example.com", "v1", "Widget");
  private static final String PATH = "/apis/example.com/v1";

  private TypePresence presenceAfter(int code, String body) {
    server.expect().get().withPath(PATH).andReturn(code, body).once();
    return KubernetesBackend.using(client).discovery().presence(WIDGET);
  }

  @Test
  void forbiddenAndUnauthorizedDiscoveryIsAPermissionProblem() {
    assertThat(presenceAfter(403, "{\"kind\":\"Status\",\"code\":403,\"reason\":\"Forbidden\"}").kind())
        .isEqualTo(TypePresence.Kind.FORBIDDEN);
    assertThat(presenceAfter(401, "{}").kind()).isEqualTo(TypePresence.Kind.FORBIDDEN);
  }

  @Test
  void unavailableOrThrottledDiscoveryIsUnknownNotAbsent() {
    assertThat(presenceAfter(503, "{\"kind\":\"Status\",\"code\":503}").kind()).isEqualTo(TypePresence.Kind.UNKNOWN);
    assertThat(presenceAfter(429, "{}").kind()).isEqualTo(TypePresence.Kind.UNKNOWN);
    assertThat(presenceAfter(200, "not json").kind()).isEqualTo(TypePresence.Kind.UNKNOWN);
  }

  @Test
  void aGroupVersionThatIsNotServedOrDoesNotListTheKindIsAbsent() {
    assertThat(presenceAfter(404, "{}").kind()).isEqualTo(TypePresence.Kind.ABSENT);
    assertThat(presenceAfter(200, "{\"kind\":\"APIResourceList\",\"resources\":[{\"name\":\"gadgets\",\"kind\":\"Gadget\"}]}").kind())
        .isEqualTo(TypePresence.Kind.ABSENT);
    assertThat(presenceAfter(200, "{\"kind\":\"APIResourceList\",\"resources\":[{\"name\":\"widgets/status\",\"kind\":\"Widget\"},"
        + "{\"name\":\"widgets\",\"kind\":\"Widget\",\"namespaced\":false}]}")).isEqualTo(TypePresence.present(Scope.CLUSTER));
  }
}
