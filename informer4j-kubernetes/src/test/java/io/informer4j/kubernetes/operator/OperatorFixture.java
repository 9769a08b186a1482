package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.kubernetes.testserver.ServedRequest;
import io.informer4j.manager.WrittenObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The Kubernetes test server serving ConfigMaps and Deployments (with their status subresource) and
 * holding the Namespace {@code shop}, a
 * fabric8 client and a backend of it, and the operator write path with a listener recording every
 * write. Closed together.
 */
final class OperatorFixture implements AutoCloseable {

  final KubernetesTestServer server = KubernetesTestServer.start().serve(ConfigMap.class, Deployment.class)
      .createNamespaces("shop");
  final KubernetesClient client = server.newClient();
  final KubernetesBackend backend = KubernetesBackend.using(client);
  final List<WrittenObject> written = new CopyOnWriteArrayList<>();
  final OperatorWrites writes = OperatorWrites.builder(client).listener(written::add).build();

  /** Creates a Deployment in {@code namespace} (created when missing) through the client (not the write path). */
  Deployment deployment(String namespace, String name) {
    server.createNamespaces(namespace);
    return client.resource(new DeploymentBuilder().withNewMetadata().withNamespace(namespace).withName(name).endMetadata()
        .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", name).endSelector()
        .withNewTemplate().withNewMetadata().addToLabels("app", name).endMetadata().withNewSpec().addNewContainer()
        .withName(name).withImage("nginx:1.27").endContainer().endSpec().endTemplate().endSpec().build()).create();
  }

  /** Creates a ConfigMap in {@code namespace} (created when missing) through the client (not the write path). */
  ConfigMap configMap(String namespace, String name) {
    server.createNamespaces(namespace);
    return client.resource(new ConfigMapBuilder().withNewMetadata().withNamespace(namespace).withName(name).endMetadata()
        .addToData("k", "v").build()).create();
  }

  /** Returns the writes the server received whose path ends with {@code suffix}. */
  long writesTo(String suffix) {
    return server.requests().stream().filter(ServedRequest::isWrite).filter(r -> r.path().endsWith(suffix)).count();
  }

  /** Returns the reads (GET) the server received of exactly {@code path}. */
  long readsOf(String path) {
    return server.requests().stream().filter(r -> r.method().equals("GET") && r.path().equals(path)).count();
  }

  @Override
  public void close() {
    server.close();
    backend.close();
    client.close();
  }
}
