package io.informer4j.kubernetes.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.informer4j.coordination.CoordinationSettingsException;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The test server serves coordination.k8s.io/v1 Leases as the API server does, for fabric8's lease locks. */
class LeasesOnTestServerTest {

  private final SimulatedApi api = SimulatedApi.builder().build();
  private final KubernetesTestServer server = KubernetesTestServer.start(api).serve(Lease.class);
  private final KubernetesClient client = server.newClient();

  @AfterEach
  void tearDown() {
    server.close();
    client.close();
    api.close();
  }

  private static Lease lease(String holder) {
    return new LeaseBuilder().withNewMetadata().withName("l").withNamespace("default").endMetadata()
        .withNewSpec().withHolderIdentity(holder).withLeaseDurationSeconds(3).endSpec().build();
  }

  @Test
  void leasesAreCreatedReadAndMergePatchedWithResourceVersionPreconditions() {
    Lease created = client.resource(lease("a")).create();
    assertThat(client.resources(Lease.class).inNamespace("default").withName("l").get().getSpec().getHolderIdentity())
        .isEqualTo("a");

    Lease patch = lease("b");
    patch.getMetadata().setResourceVersion(created.getMetadata().getResourceVersion());
    Lease patched = client.resource(patch).patch(PatchContext.of(PatchType.JSON_MERGE));
    assertThat(patched.getSpec().getHolderIdentity()).isEqualTo("b");
    assertThat(patched.getSpec().getLeaseDurationSeconds()).isEqualTo(3);

    Lease stale = lease("c");
    stale.getMetadata().setResourceVersion(created.getMetadata().getResourceVersion());
    assertThatThrownBy(() -> client.resource(stale).patch(PatchContext.of(PatchType.JSON_MERGE)))
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(409));
    assertThatThrownBy(() -> client.resource(lease("d")).create())
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(409));
  }

  @Test
  void jsonPatchesAndServerSideApplyApplyToLeases() {
    client.resource(lease("a")).create();
    Lease patched = client.resources(Lease.class).inNamespace("default").withName("l")
        .patch(PatchContext.of(PatchType.JSON), "[{\"op\":\"remove\",\"path\":\"/spec/holderIdentity\"}]");
    assertThat(patched.getSpec().getHolderIdentity()).isNull();
    Lease applied = client.resources(Lease.class).inNamespace("default").withName("l")
        .patch(new PatchContext.Builder().withPatchType(PatchType.SERVER_SIDE_APPLY).withFieldManager("test").build(),
            "{\"apiVersion\":\"coordination.k8s.io/v1\",\"kind\":\"Lease\",\"metadata\":{\"name\":\"l\"},"
                + "\"spec\":{\"holderIdentity\":\"b\"}}");
    assertThat(applied.getSpec().getHolderIdentity()).isEqualTo("b");
    assertThat(applied.getMetadata().getManagedFields()).anySatisfy(entry -> {
      assertThat(entry.getManager()).isEqualTo("test");
      assertThat(entry.getOperation()).isEqualTo("Apply");
    });
  }

  @Test
  void namesAndTimingsLeasesCannotStoreAreRejected() {
    LeaseTiming fractional = new LeaseTiming(Duration.ofMillis(2500), Duration.ofSeconds(2), Duration.ofMillis(500));
    LeaseTiming whole = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(500));
    assertThatThrownBy(() -> new KubernetesShardLeases(client, "default", "g", "a", fractional, Clock.system()))
        .isInstanceOf(CoordinationSettingsException.class).hasMessageContaining("whole seconds");
    assertThatThrownBy(() -> new KubernetesShardLeases(client, "default", "g", "Replica_A", whole, Clock.system()))
        .isInstanceOf(CoordinationSettingsException.class).hasMessageContaining("identity 'Replica_A' cannot name a Lease");
  }
}
