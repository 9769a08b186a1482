package io.informer4j.examples.website;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.controller.Result;
import io.informer4j.kubernetes.operator.ChildOutcome;
import io.informer4j.kubernetes.operator.Conditions;
import io.informer4j.kubernetes.operator.DesiredChildren;
import io.informer4j.kubernetes.operator.EventRecorder;
import io.informer4j.kubernetes.operator.EventType;
import io.informer4j.kubernetes.operator.OperatorWrites;
import io.informer4j.kubernetes.operator.OwnerIndex;
import io.informer4j.reader.CacheReader;
import java.time.Instant;
import java.util.List;

/**
 * The steps of the website operator, run by a {@code FinalizingReconciler} (so every website it
 * sees carries the finalizer):
 * <ul>
 *   <li>{@link #reconcile}: declares the website's ConfigMap and Deployment ({@link WebsiteChildren})
 *       and lets {@link DesiredChildren} apply them (server-side apply, taking back what others
 *       changed; nothing is written when nothing changed), records an Event for each child created,
 *       changed or deleted, then applies the {@code Ready} condition with the generation it
 *       converged to, when that changes the status. Errors go to the controller, which retries.</li>
 *   <li>{@link #cleanUp}: records an Event of the deletion; the API server's garbage collector
 *       deletes the children, which the website controls.</li>
 * </ul>
 * Thread-safe: the controller never runs one website on two workers.
 */
final class WebsiteReconciler {

  private final CacheReader<ConfigMap> configMaps;
  private final CacheReader<Deployment> deployments;
  private final OperatorWrites writes;
  private final DesiredChildren children;
  private final EventRecorder events;

  WebsiteReconciler(CacheReader<ConfigMap> configMaps, CacheReader<Deployment> deployments, OperatorWrites writes,
                    EventRecorder events) {
    this.configMaps = configMaps;
    this.deployments = deployments;
    this.writes = writes;
    this.children = DesiredChildren.builder(writes).owns(ConfigMap.class, configMaps)
        .owns(Deployment.class, deployments).build();
    this.events = events;
  }

  /** Converges the website's children to its spec and reports it {@code Ready}. */
  Result reconcile(Website site) {
    for (ChildOutcome outcome : children.reconcile(site, WebsiteChildren.of(site))) {
      if (outcome.changedTheCluster()) {
        String done = switch (outcome.action()) {
          case CREATED -> "Created";
          case DELETED -> "Deleted";
          default -> "Updated";
        };
        events.event(site, EventType.NORMAL, done + outcome.type().kind(), done.substring(0, done.length() - 1),
            done.toLowerCase() + " " + outcome.type().kind() + " " + outcome.key().name());
      }
    }
    List<Condition> conditions = Conditions.set(site.getStatus().getConditions(), WebsiteStatus.READY, "True",
        "Reconciled", site.getSpec().getReplicas() + " replicas serve " + WebsiteChildren.configMapName(site),
        site.getMetadata().getGeneration(), Instant.now());
    if (!conditions.equals(site.getStatus().getConditions())) {
      writes.applyStatus(WebsiteChildren.status(site, Conditions.find(conditions, WebsiteStatus.READY).orElseThrow()));
    }
    return Result.done();
  }

  /** Records the website's deletion; its children go with it. Always complete. */
  boolean cleanUp(Website site) {
    int count = OwnerIndex.childrenOf(configMaps, site).size() + OwnerIndex.childrenOf(deployments, site).size();
    events.event(site, EventType.NORMAL, "CleanedUp", "Delete",
        "website deleted; the garbage collector deletes its " + count + " children");
    children.forget(site);
    return true;
  }
}
