package io.informer4j.examples;

import io.informer4j.controller.Result;
import io.informer4j.health.HealthServer;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The README's quick start: a manager runs a controller over pods that also reconciles a pod when a
 * ConfigMap that names it changes, reading through the cache, with health and metrics endpoints on.
 * It runs against the embedded {@link SimulatedApi}; give the manager a {@code KubernetesBackend}
 * (see {@link KubernetesNamespaceController}) or {@code EtcdTypes} (see {@link EtcdWidgetController})
 * instead, and nothing else changes.
 */
public final class QuickStart {

  private QuickStart() {
  }

  /** Runs the quick start and prints what the controller reconciled. */
  public static void main(String[] args) throws Exception {
    run().forEach(System.out::println);
  }

  /** Runs the quick start; returns what the controller did after each write, in order. */
  public static List<String> run() throws Exception {
    BlockingQueue<String> seen = new LinkedBlockingQueue<>();
    List<String> outcomes = new ArrayList<>();
    TypeKey podKey = TypeKey.of("", "v1", "Pod");
    TypeKey configMapKey = TypeKey.of("", "v1", "ConfigMap");
    try (SimulatedApi api = SimulatedApi.builder().type(podKey, Scope.NAMESPACED).type(configMapKey, Scope.NAMESPACED).build();
         Manager manager = Manager.builder(api).component(m -> HealthServer.builder(m).port(0).build()).build()) {
      ObjectType<SimObject> pods = api.type(podKey);
      CacheReader<SimObject> podCache = manager.cache().reader(pods);
      manager.controller("pods", pods)
          .watches(api.type(configMapKey), cm -> List.of(ObjectKey.of(cm.namespace(), cm.labels().get("pod"))))
          .reconcile(key -> {
            seen.add(podCache.find(key).map(pod -> "reconciled ").orElse("deleted ") + key);
            return Result.done();
          });
      manager.start();  // serves /healthz, /readyz, /katalog and /metrics (port 0: any free port)
      api.create(podKey, SimObject.of("shop", "web-1"));
      outcomes.add(seen.poll(30, TimeUnit.SECONDS));                                  // reconciled shop/web-1
      api.create(configMapKey, SimObject.of("shop", "web-1-settings").withLabel("pod", "web-1"));
      outcomes.add(seen.poll(30, TimeUnit.SECONDS));                                  // reconciled shop/web-1
      api.delete(podKey, "shop", "web-1");
      outcomes.add(seen.poll(30, TimeUnit.SECONDS));                                  // deleted shop/web-1
    }
    return outcomes;
  }
}
