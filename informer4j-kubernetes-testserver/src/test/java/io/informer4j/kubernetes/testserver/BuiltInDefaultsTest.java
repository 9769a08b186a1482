package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The defaults the API server gives built-in kinds, read back through fabric8: workloads
 * (kubernetes/pkg/apis/apps/v1/defaults.go, kubernetes/pkg/apis/batch/v1/defaults.go), pod specs and
 * Services (kubernetes/pkg/apis/core/v1/defaults.go), a Pod's status (kubernetes/pkg/registry/core/pod/strategy.go
 * PrepareForCreate), Service addresses (kubernetes/pkg/registry/core/service/storage/alloc.go) and
 * Secrets' {@code stringData} (kubernetes/pkg/apis/core/v1/conversion.go).
 */
@EnableKubernetesTestServer(serve = {Pod.class, Deployment.class, ReplicaSet.class, StatefulSet.class, DaemonSet.class,
    Job.class, Service.class, Secret.class, ConfigMap.class})
class BuiltInDefaultsTest {

  KubernetesClient client;

  private static Map<String, String> app(String name) {
    return Map.of("app", name);
  }

  private static ContainerBuilder container(String image) {
    return new ContainerBuilder().withName("main").withImage(image);
  }

  @Test
  void aDeploymentGetsItsStrategyHistoryDeadlineAndPodTemplateDefaults() {
    Deployment created = client.apps().deployments().inNamespace("default").resource(new DeploymentBuilder()
        .withNewMetadata().withName("web").endMetadata()
        .withNewSpec().withNewSelector().withMatchLabels(app("web")).endSelector()
        .withNewTemplate().withNewMetadata().withLabels(app("web")).endMetadata()
        .withNewSpec().withContainers(container("nginx").addNewPort().withContainerPort(80).endPort().build())
        .endSpec().endTemplate().endSpec().build()).create();

    var spec = created.getSpec();
    assertThat(spec.getReplicas()).isEqualTo(1);
    assertThat(spec.getStrategy().getType()).isEqualTo("RollingUpdate");
    assertThat(spec.getStrategy().getRollingUpdate().getMaxUnavailable()).isEqualTo(new IntOrString("25%"));
    assertThat(spec.getStrategy().getRollingUpdate().getMaxSurge()).isEqualTo(new IntOrString("25%"));
    assertThat(spec.getRevisionHistoryLimit()).isEqualTo(10);
    assertThat(spec.getProgressDeadlineSeconds()).isEqualTo(600);
    var podSpec = spec.getTemplate().getSpec();
    assertThat(podSpec.getRestartPolicy()).isEqualTo("Always");
    assertThat(podSpec.getTerminationGracePeriodSeconds()).isEqualTo(30L);
    assertThat(podSpec.getDnsPolicy()).isEqualTo("ClusterFirst");
    assertThat(podSpec.getSchedulerName()).isEqualTo("default-scheduler");
    assertThat(podSpec.getSecurityContext()).isNotNull();
    assertThat(podSpec.getEnableServiceLinks()).as("set on Pods only (SetDefaults_Pod)").isNull();
    var container = podSpec.getContainers().get(0);
    assertThat(container.getImagePullPolicy()).isEqualTo("Always");
    assertThat(container.getTerminationMessagePath()).isEqualTo("/dev/termination-log");
    assertThat(container.getTerminationMessagePolicy()).isEqualTo("File");
    assertThat(container.getPorts().get(0).getProtocol()).isEqualTo("TCP");
    assertThat(client.apps().deployments().inNamespace("default").withName("web").get().getSpec())
        .as("stored as answered").isEqualTo(spec);
  }

  @Test
  void theImagePullPolicyFollowsTheTag() {
    Pod pod = client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("tags")
        .endMetadata().withNewSpec().withContainers(
            container("nginx:1.27").build(),
            container("registry.example.com:5000/team/app:latest").withName("latest").build(),
            container("registry.example.com:5000/team/app").withName("untagged").build(),
            container("nginx@sha256:" + "a".repeat(64)).withName("digest").build(),
            container("nginx:1.27").withName("explicit").withImagePullPolicy("Never").build())
        .endSpec().build()).create();

    assertThat(pod.getSpec().getContainers()).extracting(c -> c.getImagePullPolicy())
        .containsExactly("IfNotPresent", "Always", "Always", "IfNotPresent", "Never");
  }

  @Test
  void aPodIsPendingWithItsQosClassAndItsRequestsDefaultToItsLimits() {
    Pod guaranteed = client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata()
        .withName("guaranteed").endMetadata().withNewSpec().withContainers(container("nginx:1.27").withNewResources()
            .withLimits(Map.of("cpu", new Quantity("500m"), "memory", new Quantity("1024Mi"))).endResources().build())
        .endSpec().build()).create();
    Pod burstable = client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata()
        .withName("burstable").endMetadata().withNewSpec().withContainers(container("nginx:1.27").withNewResources()
            .withRequests(Map.of("cpu", new Quantity("0.1"))).endResources().build())
        .endSpec().build()).create();
    Pod bestEffort = client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata()
        .withName("best-effort").endMetadata().withNewSpec().withContainers(container("nginx:1.27").build())
        .endSpec().build()).create();

    assertThat(guaranteed.getStatus().getPhase()).isEqualTo("Pending");
    assertThat(guaranteed.getStatus().getQosClass()).isEqualTo("Guaranteed");
    assertThat(guaranteed.getSpec().getContainers().get(0).getResources().getRequests())
        .isEqualTo(Map.of("cpu", new Quantity("500m"), "memory", new Quantity("1Gi")));
    assertThat(guaranteed.getSpec().getEnableServiceLinks()).isTrue();
    assertThat(burstable.getStatus().getQosClass()).isEqualTo("Burstable");
    assertThat(burstable.getSpec().getContainers().get(0).getResources().getRequests())
        .isEqualTo(Map.of("cpu", new Quantity("100m")));
    assertThat(bestEffort.getStatus().getQosClass()).isEqualTo("BestEffort");
  }

  @Test
  void aStatefulSetGetsItsPolicyStrategyAndRetentionDefaults() {
    StatefulSet created = client.apps().statefulSets().inNamespace("default").resource(new StatefulSetBuilder()
        .withNewMetadata().withName("db").endMetadata().withNewSpec().withServiceName("db")
        .withNewSelector().withMatchLabels(app("db")).endSelector()
        .withNewTemplate().withNewMetadata().withLabels(app("db")).endMetadata()
        .withNewSpec().withContainers(container("postgres:17").build()).endSpec().endTemplate()
        .addNewVolumeClaimTemplate().withNewMetadata().withName("data").endMetadata().withNewSpec()
        .withAccessModes("ReadWriteOnce").withNewResources().withRequests(Map.of("storage", new Quantity("1024Mi")))
        .endResources().endSpec().endVolumeClaimTemplate().endSpec().build()).create();

    var spec = created.getSpec();
    assertThat(spec.getReplicas()).isEqualTo(1);
    assertThat(spec.getPodManagementPolicy()).isEqualTo("OrderedReady");
    assertThat(spec.getUpdateStrategy().getType()).isEqualTo("RollingUpdate");
    assertThat(spec.getUpdateStrategy().getRollingUpdate().getPartition()).isZero();
    assertThat(spec.getRevisionHistoryLimit()).isEqualTo(10);
    assertThat(spec.getPersistentVolumeClaimRetentionPolicy().getWhenDeleted()).isEqualTo("Retain");
    assertThat(spec.getPersistentVolumeClaimRetentionPolicy().getWhenScaled()).isEqualTo("Retain");
    var claim = spec.getVolumeClaimTemplates().get(0);
    assertThat(claim.getSpec().getVolumeMode()).isEqualTo("Filesystem");
    assertThat(claim.getSpec().getResources().getRequests()).containsEntry("storage", new Quantity("1Gi"));
    assertThat(claim.getStatus().getPhase()).isEqualTo("Pending");
  }

  @Test
  void aDaemonSetAndAJobGetTheirDefaults() {
    DaemonSet daemonSet = client.apps().daemonSets().inNamespace("default").resource(new DaemonSetBuilder()
        .withNewMetadata().withName("agent").endMetadata().withNewSpec()
        .withNewSelector().withMatchLabels(app("agent")).endSelector()
        .withNewTemplate().withNewMetadata().withLabels(app("agent")).endMetadata()
        .withNewSpec().withContainers(container("agent:2").build()).endSpec().endTemplate().endSpec().build()).create();
    Job job = client.batch().v1().jobs().inNamespace("default").resource(new JobBuilder()
        .withNewMetadata().withName("migrate").endMetadata().withNewSpec()
        .withNewTemplate().withNewMetadata().withLabels(app("migrate")).endMetadata()
        .withNewSpec().withRestartPolicy("Never").withContainers(container("migrate:1").build()).endSpec()
        .endTemplate().endSpec().build()).create();

    assertThat(daemonSet.getSpec().getUpdateStrategy().getType()).isEqualTo("RollingUpdate");
    assertThat(daemonSet.getSpec().getUpdateStrategy().getRollingUpdate().getMaxUnavailable()).isEqualTo(new IntOrString(1));
    assertThat(daemonSet.getSpec().getUpdateStrategy().getRollingUpdate().getMaxSurge()).isEqualTo(new IntOrString(0));
    assertThat(daemonSet.getSpec().getRevisionHistoryLimit()).isEqualTo(10);
    var spec = job.getSpec();
    assertThat(spec.getBackoffLimit()).isEqualTo(6);
    assertThat(spec.getCompletions()).isEqualTo(1);
    assertThat(spec.getParallelism()).isEqualTo(1);
    assertThat(spec.getCompletionMode()).isEqualTo("NonIndexed");
    assertThat(spec.getSuspend()).isFalse();
    assertThat(spec.getPodReplacementPolicy()).isEqualTo("TerminatingOrFailed");
    assertThat(job.getMetadata().getLabels()).as("from the template's (SetDefaults_Job)").isEqualTo(app("migrate"));
    assertThat(spec.getTemplate().getSpec().getRestartPolicy()).isEqualTo("Never");
    String uid = job.getMetadata().getUid();
    assertThat(spec.getSelector().getMatchLabels()).as("generated (the Job strategy's generateSelector)")
        .isEqualTo(Map.of("batch.kubernetes.io/controller-uid", uid));
    assertThat(spec.getTemplate().getMetadata().getLabels()).isEqualTo(Map.of("app", "migrate",
        "job-name", "migrate", "batch.kubernetes.io/job-name", "migrate",
        "controller-uid", uid, "batch.kubernetes.io/controller-uid", uid));
    assertThat(spec.getManualSelector()).isNull();
  }

  @Test
  void aJobWithAManualSelectorKeepsItsOwn() {
    Job job = client.batch().v1().jobs().inNamespace("default").resource(new JobBuilder()
        .withNewMetadata().withName("manual").endMetadata().withNewSpec().withManualSelector(true)
        .withNewSelector().withMatchLabels(app("manual")).endSelector()
        .withNewTemplate().withNewMetadata().withLabels(app("manual")).endMetadata()
        .withNewSpec().withRestartPolicy("OnFailure").withContainers(container("migrate:1").build()).endSpec()
        .endTemplate().endSpec().build()).create();

    assertThat(job.getSpec().getSelector().getMatchLabels()).isEqualTo(app("manual"));
    assertThat(job.getSpec().getTemplate().getMetadata().getLabels()).isEqualTo(app("manual"));
  }

  @Test
  void aServiceGetsItsTypeAffinityPortsAndADistinctClusterIp() {
    Set<String> ips = new HashSet<>();
    for (String name : List.of("one", "two", "three")) {
      Service service = client.services().inNamespace("default").resource(new ServiceBuilder().withNewMetadata()
          .withName(name).endMetadata().withNewSpec().withSelector(app(name)).addNewPort().withPort(80).endPort()
          .endSpec().build()).create();
      var spec = service.getSpec();
      assertThat(spec.getType()).isEqualTo("ClusterIP");
      assertThat(spec.getSessionAffinity()).isEqualTo("None");
      assertThat(spec.getPorts().get(0).getProtocol()).isEqualTo("TCP");
      assertThat(spec.getPorts().get(0).getTargetPort()).isEqualTo(new IntOrString(80));
      assertThat(spec.getIpFamilies()).containsExactly("IPv4");
      assertThat(spec.getIpFamilyPolicy()).isEqualTo("SingleStack");
      assertThat(spec.getInternalTrafficPolicy()).isEqualTo("Cluster");
      assertThat(spec.getClusterIP()).startsWith("10.").matches(ip -> ServiceAddressesIn.range(ip));
      assertThat(spec.getClusterIPs()).containsExactly(spec.getClusterIP());
      ips.add(spec.getClusterIP());
    }
    assertThat(ips).hasSize(3);
  }

  @Test
  void aNodePortServiceGetsPortsInTheRangeAndKeepsItsAddressesOnReplace() {
    Service service = client.services().inNamespace("default").resource(new ServiceBuilder().withNewMetadata()
        .withName("edge").endMetadata().withNewSpec().withType("NodePort").withSelector(app("edge"))
        .addNewPort().withName("http").withPort(80).endPort().addNewPort().withName("https").withPort(443).endPort()
        .endSpec().build()).create();

    assertThat(service.getSpec().getPorts()).extracting(p -> p.getNodePort())
        .allMatch(port -> port >= 30000 && port <= 32767).doesNotHaveDuplicates();
    assertThat(service.getSpec().getExternalTrafficPolicy()).isEqualTo("Cluster");

    Service replaced = client.services().inNamespace("default").resource(new ServiceBuilder().withNewMetadata()
        .withName("edge").endMetadata().withNewSpec().withType("NodePort").withSelector(app("edge"))
        .addNewPort().withName("http").withPort(80).endPort().addNewPort().withName("https").withPort(443).endPort()
        .endSpec().build()).update();

    assertThat(replaced.getSpec().getClusterIP()).isEqualTo(service.getSpec().getClusterIP());
    assertThat(replaced.getSpec().getPorts()).extracting(p -> p.getNodePort())
        .isEqualTo(service.getSpec().getPorts().stream().map(p -> p.getNodePort()).toList());
  }

  @Test
  void aSecretsStringDataIsMergedIntoDataAndItsTypeIsOpaque() {
    Secret secret = client.secrets().inNamespace("default").resource(new SecretBuilder().withNewMetadata()
        .withName("credentials").endMetadata().withData(Map.of("user", encode("old"), "token", encode("t")))
        .withStringData(Map.of("user", "admin")).build()).create();

    assertThat(secret.getType()).isEqualTo("Opaque");
    assertThat(secret.getStringData()).isNullOrEmpty();
    assertThat(secret.getData()).isEqualTo(Map.of("user", encode("admin"), "token", encode("t")));
  }

  private static String encode(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The cluster IP range's membership, written out for the assertion. */
  private static final class ServiceAddressesIn {
    static boolean range(String ip) {
      String[] parts = ip.split("\\.");
      int second = Integer.parseInt(parts[1]);
      return "10".equals(parts[0]) && second >= 96 && second <= 111;
    }
  }
}
