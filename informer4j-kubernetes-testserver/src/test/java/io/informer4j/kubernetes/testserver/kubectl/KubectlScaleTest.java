package io.informer4j.kubernetes.testserver.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import org.junit.jupiter.api.Test;

/**
 * {@code kubectl scale} against the test server's {@code /scale} subresource, as on a cluster: kubectl finds the
 * subresource in discovery and patches the parent's Scale (k8s.io/kubectl pkg/cmd/scale, k8s.io/client-go/scale;
 * kubernetes/pkg/registry/apps/deployment/storage/storage.go ScaleREST, k8s.io/apiextensions-apiserver
 * pkg/registry/customresource/etcd.go ScaleREST for a custom resource whose CRD declares {@code subresources.scale}).
 */
@EnableKubernetesTestServer(serve = Deployment.class, crds = "crds/replicated-pools.yaml")
class KubectlScaleTest extends KubectlSuite {

  @Test
  void kubectlScalesADeployment() {
    kubectl.run("create", "deployment", "web", "--image=nginx:1.27").ok();

    assertThat(kubectl.run("scale", "deployment", "web", "--replicas=3").ok()).isEqualTo("deployment.apps/web scaled\n");
    assertThat(kubectl.run("get", "deployment", "web", "-o", "jsonpath={.spec.replicas} {.metadata.generation}").ok())
        .isEqualTo("3 2");
    Kubectl.Result stale = kubectl.run("scale", "deployment", "web", "--replicas=5", "--current-replicas=1");
    assertThat(stale.exitCode()).isNotZero();
    assertThat(stale.err()).contains("Expected replicas to be 1, was 3");
  }

  @Test
  void kubectlScalesACustomResourceWithAScaleSubresource() {
    kubectl.withInput("apiVersion: example.com/v1\nkind: Pool\nmetadata: {name: workers}\nspec: {replicas: 1}\n"
        + "status: {replicas: 1, selector: pool=workers}\n", "apply", "-f", "-").ok();

    assertThat(kubectl.run("scale", "pool", "workers", "--replicas=4").ok()).isEqualTo("pool.example.com/workers scaled\n");
    assertThat(kubectl.run("get", "pool", "workers", "-o", "jsonpath={.spec.replicas}").ok()).isEqualTo("4");
  }
}
