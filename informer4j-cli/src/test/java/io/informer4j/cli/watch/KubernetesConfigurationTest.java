package io.informer4j.cli.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.Config;
import io.informer4j.cli.CliException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@code informer4j watch} reads its Kubernetes configuration, and what it says when that goes wrong. */
class KubernetesConfigurationTest {

  @TempDir
  Path dir;

  @Test
  void anEmptyKubeconfigIsSaidToBeEmpty() throws Exception {
    Path empty = Files.writeString(dir.resolve("empty"), "\n");

    assertThatThrownBy(() -> KubernetesConfiguration.load(empty)).isInstanceOf(CliException.class)
        .hasMessage("the kubeconfig " + empty + " is empty");
  }

  @Test
  void aKubeconfigHoldingNothingGetsAClearMessageNotAJavaNullPointerOne() throws Exception {
    Path nothing = Files.writeString(dir.resolve("comment-only"), "# to be filled in\n");

    assertThatThrownBy(() -> KubernetesConfiguration.load(nothing)).isInstanceOf(CliException.class)
        .hasMessage("cannot load the Kubernetes configuration from " + nothing + ": it holds no kubeconfig"
            + " (apiVersion: v1, kind: Config, clusters, users, contexts and current-context)");
  }

  @Test
  void aFallBackToTheInClusterConfigurationIsSaidWithTheFailure() {
    KubernetesConfiguration inCluster = new KubernetesConfiguration(Config.empty(), "no kubeconfig found at /home/me/.kube/config");
    CliException unreachable = new CliException("cannot reach " + inCluster.server() + " (unknown host: kubernetes.default.svc)");

    assertThat(inCluster.server()).startsWith("the in-cluster Kubernetes API server at ");
    assertThat(inCluster.explain(unreachable).getMessage()).isEqualTo(unreachable.getMessage()
        + "; no kubeconfig found at /home/me/.kube/config, so the in-cluster configuration was used:"
        + " outside a cluster, give --kubeconfig <file> or set $KUBECONFIG");
    KubernetesConfiguration fromFile = new KubernetesConfiguration(Config.empty(), null);
    assertThat(fromFile.explain(unreachable)).isSameAs(unreachable);
    assertThat(fromFile.server()).startsWith("the Kubernetes API server at ");
  }
}
