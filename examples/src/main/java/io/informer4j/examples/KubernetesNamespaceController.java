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
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * A namespace-filtered controller against a Kubernetes cluster: it caches the ConfigMaps of the
 * given namespaces (one namespace: the list and watch are scoped to it; several: events of other
 * namespaces are dropped before the queue) and reconciles each change by reading the ConfigMap from
 * the cache.
 *
 * <pre>{@code
 * java -cp ... io.informer4j.examples.KubernetesNamespaceController shop payments
 * }</pre>
 *
 * The cluster comes from the kubeconfig ({@code KUBECONFIG}, {@code ~/.kube/config}) or the in-cluster
 * service account; the account needs list and watch on ConfigMaps in those namespaces.
 *
 * <p>Thread-safe; {@link #close()} stops everything (the backend stays the caller's).
 */
public final class KubernetesNamespaceController implements AutoCloseable {

  private static final TypeKey CONFIG_MAPS = ResourceDescriptor.of(ConfigMap.class).type();

  private final QueueRegistry queues = QueueRegistry.builder().build();
  private final SharedInformerFactory factory;
  private final Controller<QueueItem> controller;

  private KubernetesNamespaceController(KubernetesBackend kube, List<String> namespaces, Consumer<String> reconciled) {
    factory = SharedInformerFactory.builder(kube.clientProvider(), kube.typeRegistry().register(ConfigMap.class), queues)
        .discovery(kube.discovery()).build();
    SharedIndexInformer<ConfigMap> informer = factory.informerFor(ConfigMap.class,
        InformerOptions.builder().namespaceFilter(NamespaceFilter.of(namespaces, List.of())).build());
    controller = Controller.builder("configmaps", (QueueItem item) -> {
      ConfigMap configMap = informer.indexer().get(item.key().toString());   // read through the cache
      reconciled.accept(configMap == null ? "deleted " + item.key()
          : item.key() + ": " + (configMap.getData() == null ? 0 : configMap.getData().size()) + " keys");
      return Result.done();
    }).queue(queues.register(CONFIG_MAPS, 0)).workers(2).waitFor("configmaps synced", factory.synced(CONFIG_MAPS)).build();
  }

  /**
   * Starts the controller; returns once the cache has synced.
   *
   * @param kube       the cluster
   * @param namespaces the namespaces (patterns) whose ConfigMaps are reconciled
   * @param reconciled told what each reconcile saw
   */
  public static KubernetesNamespaceController start(KubernetesBackend kube, List<String> namespaces,
                                                    Consumer<String> reconciled) {
    KubernetesNamespaceController running = new KubernetesNamespaceController(kube, namespaces, reconciled);
    running.factory.start();
    running.controller.start();
    return running;
  }

  /** Runs the controller over the namespaces in {@code args} ({@code default} when none) until Ctrl-C. */
  @SuppressWarnings("try")
  public static void main(String[] args) throws Exception {
    List<String> namespaces = args.length > 0 ? List.of(args) : List.of("default");
    CountDownLatch interrupted = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(interrupted::countDown));
    try (KubernetesBackend kube = KubernetesBackend.connect();
         KubernetesNamespaceController ignored = start(kube, namespaces, System.out::println)) {
      interrupted.await();
    }
  }

  /** Stops the controller, the factory and the queues. */
  @Override
  public void close() {
    controller.stop();
    factory.close();
    queues.close();
  }
}
