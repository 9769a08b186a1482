package io.informer4j.kubernetes.testserver.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import org.junit.jupiter.api.Test;

/**
 * kubectl against the test server's defaulting and validation of built-in kinds: what {@code kubectl get -o yaml}
 * shows of a Deployment {@code kubectl create deployment} made is what a Kubernetes 1.32 cluster shows
 * (kubernetes/pkg/apis/apps/v1/defaults.go, kubernetes/pkg/apis/core/v1/defaults.go), and an invalid Deployment is
 * refused with the message kubectl prints for the API server's 422 (kubernetes/pkg/apis/apps/validation/validation.go,
 * k8s.io/kubectl pkg/cmd/util/helpers.go checkErr).
 */
@EnableKubernetesTestServer(serve = Deployment.class)
class KubectlBuiltInKindsTest extends KubectlSuite {

  @Test
  void aCreatedDeploymentShowsTheDefaultsOfACluster() {
    assertThat(kubectl.run("create", "deployment", "web", "--image=nginx:1.27").ok())
        .isEqualTo("deployment.apps/web created\n");

    String yaml = kubectl.run("get", "deployment", "web", "-o", "yaml").ok();
    // No controller writes a status here: the spec is the document's last part.
    String spec = yaml.substring(yaml.indexOf("\nspec:\n") + 1);

    // kubectl get -o yaml of the same Deployment on a 1.32 cluster, without "creationTimestamp: null" in the
    // template's metadata and "resources: {}" in the container (Go's encoding of empty structs).
    assertThat(spec).isEqualTo("""
        spec:
          progressDeadlineSeconds: 600
          replicas: 1
          revisionHistoryLimit: 10
          selector:
            matchLabels:
              app: web
          strategy:
            rollingUpdate:
              maxSurge: 25%
              maxUnavailable: 25%
            type: RollingUpdate
          template:
            metadata:
              labels:
                app: web
            spec:
              containers:
              - image: nginx:1.27
                imagePullPolicy: IfNotPresent
                name: nginx
                terminationMessagePath: /dev/termination-log
                terminationMessagePolicy: File
              dnsPolicy: ClusterFirst
              restartPolicy: Always
              schedulerName: default-scheduler
              securityContext: {}
              terminationGracePeriodSeconds: 30
        """);
  }

  @Test
  void anInvalidDeploymentIsRefusedWithTheApiServersMessage() {
    Kubectl.Result refused = kubectl.withInput("""
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: x}}
            spec:
              containers: [{name: web, image: nginx:1.27}]
        """, "create", "-f", "-");

    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err()).isEqualTo("The Deployment \"web\" is invalid: spec.template.metadata.labels: Invalid value: "
        + "map[string]string{\"app\":\"x\"}: `selector` does not match template `labels`\n");
  }
}
