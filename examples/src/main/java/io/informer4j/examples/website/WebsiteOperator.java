package io.informer4j.examples.website;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.operator.EventRecorder;
import io.informer4j.kubernetes.operator.FinalizingReconciler;
import io.informer4j.kubernetes.operator.OperatorWrites;
import io.informer4j.kubernetes.operator.OwnerIndex;
import io.informer4j.kubernetes.operator.Owners;
import io.informer4j.manager.ControllerBuilder;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheConfig;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.TypeConfig;

/**
 * The website operator: serves each {@link Website} of the cluster from a ConfigMap and a Deployment
 * it owns ({@link WebsiteReconciler}), with the finalizer {@value #FINALIZER}, a {@code Ready}
 * condition and Events. A change of a website, or of a child it controls, reconciles the website;
 * the cache holds websites and only the children the operator labels.
 *
 * <pre>{@code
 * kubectl apply -f examples/src/main/resources/website/crd.yaml
 * java -cp ... io.informer4j.examples.website.WebsiteOperator
 * }</pre>
 *
 * The cluster comes from the kubeconfig ({@code KUBECONFIG}, {@code ~/.kube/config}) or the in-cluster
 * service account, which needs: get, list, watch and update of websites and patch of
 * {@code websites/status}; get, list, watch, create, patch and delete of ConfigMaps and Deployments;
 * create and update of {@code events.k8s.io} Events.
 */
public final class WebsiteOperator {

  /** The finalizer the operator keeps on websites until it has cleaned up after them. */
  public static final String FINALIZER = "examples.informer4j.io/cleanup";
  /** The controller named in the operator's Events. */
  public static final String CONTROLLER = "examples.informer4j.io/website-operator";

  private WebsiteOperator() {
  }

  /**
   * Starts a manager running the operator over {@code kube}; returns it running (close it to stop).
   * The Website CRD must be installed.
   */
  public static Manager start(KubernetesBackend kube) {
    ObjectType<Website> websites = kube.type(Website.class);
    ObjectType<ConfigMap> configMaps = kube.type(ConfigMap.class);
    ObjectType<Deployment> deployments = kube.type(Deployment.class);
    TypeConfig labelled = TypeConfig.of(CacheConfig.empty().withLabels(WebsiteChildren.MANAGED_SELECTOR));
    Manager manager = Manager.builder(kube).cacheOptions(CacheOptions.builder().byType(configMaps.key(), labelled)
        .byType(deployments.key(), labelled).build()).build();
    OwnerIndex.register(manager.cache(), configMaps);
    OwnerIndex.register(manager.cache(), deployments);
    ControllerBuilder<Website> controller = manager.controller("websites", websites);
    // every write is the controller's own (read-your-writes: its next reconcile of a website waits
    // until the cache has seen the website's last write), and applies as field manager "websites";
    // the manager closes the writes and the recorder built over them when it stops
    OperatorWrites writes = OperatorWrites.builder(kube.client()).forController(controller).build();
    EventRecorder events = EventRecorder.builder(writes, CONTROLLER).build();
    WebsiteReconciler steps = new WebsiteReconciler(manager.cache().reader(configMaps), manager.cache().reader(deployments),
        writes, events);
    controller
        .watches(configMaps, Owners.forOwner(websites))
        .watches(deployments, Owners.forOwner(websites))
        .reconcile(FinalizingReconciler.builder(manager.cache().reader(websites), writes).finalizer(FINALIZER)
            .reconcile(steps::reconcile).cleanup(steps::cleanUp).build());
    manager.start();
    return manager;
  }

  /** Runs the operator over every namespace of the cluster until Ctrl-C. */
  public static void main(String[] args) throws Exception {
    try (KubernetesBackend kube = KubernetesBackend.connect();
         Manager manager = start(kube)) {
      manager.run();
    }
  }
}
