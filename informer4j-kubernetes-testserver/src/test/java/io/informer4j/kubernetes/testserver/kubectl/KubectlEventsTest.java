package io.informer4j.kubernetes.testserver.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.MicroTime;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.events.v1.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code kubectl describe} and {@code kubectl events} show an Event written through {@code events.k8s.io/v1}: they
 * read core {@code v1} Events by {@code involvedObject} field selectors (k8s.io/kubectl pkg/describe DescribeEvents,
 * pkg/cmd/events), and on a cluster both APIs are one storage (kubernetes/pkg/registry/core/event,
 * kubernetes/pkg/apis/events/v1/conversion.go).
 */
@EnableKubernetesTestServer(serve = Pod.class)
class KubectlEventsTest extends KubectlSuite {

  KubernetesTestServer server;

  @Test
  void anEventsV1EventShowsInDescribeAndEvents() {
    kubectl.run("run", "web", "--image=nginx:1.27").ok();
    try (KubernetesClient client = server.newClient()) {
      Pod pod = client.pods().withName("web").get();
      client.events().v1().events().resource(new EventBuilder().withNewMetadata().withName("web.pulled").endMetadata()
          .withNewRegarding().withApiVersion("v1").withKind("Pod").withName("web").withNamespace("default")
          .withUid(pod.getMetadata().getUid()).endRegarding()
          .withEventTime(new MicroTime(Instant.now().truncatedTo(ChronoUnit.MICROS).toString()))
          .withReason("Pulled").withNote("Successfully pulled image nginx:1.27").withType("Normal").withAction("Pull")
          .withReportingController("example.com/puller").withReportingInstance("node-1").build()).create();
    }

    String described = kubectl.run("describe", "pod", "web").ok();
    String events = kubectl.run("events", "--for", "pod/web").ok();

    assertThat(described.substring(described.indexOf("\nEvents:")))
        .containsPattern("Normal +Pulled +\\S+ +example\\.com/puller +Successfully pulled image nginx:1\\.27");
    assertThat(events).containsPattern("Normal +Pulled +Pod/web +Successfully pulled image nginx:1\\.27");
  }
}
