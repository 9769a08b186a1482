package io.informer4j.examples.website;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.controller.Result;
import io.informer4j.kubernetes.operator.EventRecorder;
import io.informer4j.kubernetes.operator.EventType;
import io.informer4j.kubernetes.operator.OperatorWrites;
import io.informer4j.kubernetes.operator.OwnerIndex;
import io.informer4j.kubernetes.operator.Owners;
import io.informer4j.kubernetes.operator.StatusUpdater;
import io.informer4j.kubernetes.operator.WriteConflictException;
import io.informer4j.meta.ObjectKey;
import io.informer4j.reader.CacheReader;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps of the website operator, run by a {@code FinalizingReconciler} (so every website it
 * sees carries the finalizer):
 * <ul>
 *   <li>{@link #reconcile}: makes the website's ConfigMap and Deployment ({@link WebsiteChildren})
 *       exist, controlled by it and matching its spec (the page; the replicas and pod template),
 *       records an Event for each child created or updated, then sets the {@code Ready} condition
 *       with the generation it converged to. A 409 (the cache had not yet seen a child's latest
 *       write) requeues the website; other errors go to the controller, which retries with backoff.</li>
 *   <li>{@link #cleanUp}: records an Event of the deletion; the API server's garbage collector
 *       deletes the children, which the website controls.</li>
 * </ul>
 * Thread-safe: the controller never runs one website on two workers.
 */
final class WebsiteReconciler {

  private static final Logger log = LoggerFactory.getLogger(WebsiteReconciler.class);

  private final CacheReader<Website> websites;
  private final CacheReader<ConfigMap> configMaps;
  private final CacheReader<Deployment> deployments;
  private final OperatorWrites writes;
  private final StatusUpdater statuses;
  private final EventRecorder events;

  WebsiteReconciler(CacheReader<Website> websites, CacheReader<ConfigMap> configMaps, CacheReader<Deployment> deployments,
                    OperatorWrites writes, EventRecorder events) {
    this.websites = websites;
    this.configMaps = configMaps;
    this.deployments = deployments;
    this.writes = writes;
    this.statuses = StatusUpdater.builder(writes).build();
    this.events = events;
  }

  /** Converges the website's children to its spec and reports it {@code Ready}. */
  Result reconcile(Website site) {
    try {
      converge(site, configMaps, WebsiteChildren.configMap(site), ConfigMap::getData, (c, d) -> c.setData(d.getData()));
      converge(site, deployments, WebsiteChildren.deployment(site),
          d -> List.of(d.getSpec().getReplicas(), d.getSpec().getTemplate().getSpec().getContainers().get(0).getImage()),
          (c, d) -> {
            c.getSpec().setReplicas(d.getSpec().getReplicas());
            c.getSpec().setTemplate(d.getSpec().getTemplate());
          });
    } catch (WriteConflictException behind) {
      log.debug("the cache is behind a child of website {}/{}; requeued: {}", site.getMetadata().getNamespace(),
          site.getMetadata().getName(), behind.getMessage());
      return Result.requeue();
    }
    long generation = site.getMetadata().getGeneration();
    String message = site.getSpec().getReplicas() + " replicas serve " + WebsiteChildren.configMapName(site);
    statuses.update(site, websites, s -> s.getStatus().setCondition(WebsiteStatus.READY, true, "Reconciled", message,
        generation, Instant.now()));
    return Result.done();
  }

  /** Records the website's deletion; its children go with it. Always complete. */
  boolean cleanUp(Website site) {
    int children = OwnerIndex.childrenOf(configMaps, site).size() + OwnerIndex.childrenOf(deployments, site).size();
    events.event(site, EventType.NORMAL, "CleanedUp", "Delete",
        "website deleted; the garbage collector deletes its " + children + " children");
    return true;
  }

  /**
   * Creates {@code desired} when the child of its name is missing; else updates the cached child
   * when its {@code state} differs or the website does not control it (adopting it).
   */
  private <C extends HasMetadata> void converge(Website site, CacheReader<C> cache, C desired, Function<C, Object> state,
                                                BiConsumer<C, C> apply) {
    C current = cache.find(ObjectKey.of(desired.getMetadata().getNamespace(), desired.getMetadata().getName()))
        .orElse(null);
    if (current == null) {
      writes.create(Owners.setControllerReference(site, desired));
      record(site, "Created", "Create", desired);
    } else if (!Objects.equals(state.apply(current), state.apply(desired)) || !controlledBy(current, site)) {
      C changed = Owners.setControllerReference(site, writes.copy(current));
      apply.accept(changed, desired);
      writes.update(changed);
      record(site, "Updated", "Update", desired);
    }
  }

  private void record(Website site, String done, String action, HasMetadata child) {
    events.event(site, EventType.NORMAL, done + child.getKind(), action,
        done.toLowerCase() + " " + child.getKind() + " " + child.getMetadata().getName());
  }

  private static boolean controlledBy(HasMetadata child, Website site) {
    return child.getMetadata().getOwnerReferences().stream().anyMatch(reference -> Boolean.TRUE.equals(
        reference.getController()) && site.getMetadata().getUid().equals(reference.getUid()));
  }
}
