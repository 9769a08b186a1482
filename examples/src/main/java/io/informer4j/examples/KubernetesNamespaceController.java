package io.informer4j.examples;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.factory.InformerOptions;
import io.informer4j.factory.NamespaceFilter;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import java.util.concurrent.CountDownLatch;

/**
 * A namespace-filtered controller against a Kubernetes cluster: it caches the ConfigMaps of the
 * namespaces given as arguments (one namespace: the list and watch are scoped to it; several: events
 * of other namespaces are dropped before the queue) and reconciles each change by reading the
 * ConfigMap from the cache. Runs until Ctrl-C.
 *
 * <pre>{@code
 * java -cp ... io.informer4j.examples.KubernetesNamespaceController shop payments
 * }</pre>
 *
 * The cluster comes from the kubeconfig ({@code KUBECONFIG}, {@code ~/.kube/config}) or the in-cluster
 * service account; the account needs list and watch on ConfigMaps in those namespaces.
 */
public final class KubernetesNamespaceController {

  private KubernetesNamespaceController() {
  }

  /** Runs the controller over the namespaces in {@code args} ({@code default} when none). */
  public static void main(String[] args) throws Exception {
    String[] namespaces = args.length > 0 ? args : new String[] {"default"};
    TypeKey configMaps = ResourceDescriptor.of(ConfigMap.class).type();
    CountDownLatch interrupted = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(interrupted::countDown));
    try (KubernetesBackend kube = KubernetesBackend.connect();
         QueueRegistry queues = QueueRegistry.builder().build();
         SharedInformerFactory factory = SharedInformerFactory.builder(kube.clientProvider(),
             kube.typeRegistry().register(ConfigMap.class), queues).discovery(kube.discovery()).build()) {
      SharedIndexInformer<ConfigMap> informer = factory.informerFor(ConfigMap.class,
          InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing(namespaces)).build());
      Controller<QueueItem> controller = Controller.builder("configmaps", (QueueItem item) -> {
        ConfigMap configMap = informer.indexer().get(item.key().toString());
        System.out.println(configMap == null ? "deleted " + item.key()
            : item.key() + ": " + (configMap.getData() == null ? 0 : configMap.getData().size()) + " keys");
        return Result.done();
      }).queue(queues.register(configMaps, 0)).workers(2).waitFor("configmaps synced", factory.synced(configMaps)).build();
      factory.start();
      controller.start();
      interrupted.await();
      controller.stop();
    }
  }
}
