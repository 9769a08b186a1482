package io.informer4j.examples;

import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.factory.InformerOptions;
import io.informer4j.factory.NamespaceFilter;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The README's quick start: a shared informer factory caches pods of one namespace and routes their
 * changes to a queue that a controller drains, reading each pod from the cache. It runs against the
 * embedded {@link SimulatedApi}; swap in {@code KubernetesBackend} (see {@link KubernetesNamespaceController})
 * and nothing else changes.
 */
public final class QuickStart {

  private QuickStart() {
  }

  /** Runs the quick start and prints what the controller reconciled. */
  public static void main(String[] args) throws Exception {
    run().forEach(System.out::println);
  }

  /** Runs the quick start; returns what the controller saw, once web-2 was reconciled and web-1's delete too. */
  public static List<String> run() throws Exception {
    TypeKey pods = TypeKey.of("", "v1", "Pod");
    List<String> seen = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(2);
    try (SimulatedApi api = SimulatedApi.builder().type(pods, Scope.NAMESPACED).build();
         QueueRegistry queues = QueueRegistry.builder().build();
         SharedInformerFactory factory = SharedInformerFactory.builder(api.clientProvider(),
             new SimpleTypeRegistry().register(pods, Scope.NAMESPACED), queues).build()) {
      SharedIndexInformer<SimObject> informer = factory.informerFor(pods, SimObject.class,
          InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("shop")).build());
      Controller<QueueItem> controller = Controller.builder("pods", (QueueItem item) -> {
        SimObject pod = informer.indexer().get(item.key().toString());   // read through the cache
        String outcome = (pod == null ? "deleted " : "reconciled ") + item.key();
        seen.add(outcome);
        if (outcome.matches("reconciled shop/web-2|deleted shop/web-1")) {
          done.countDown();
        }
        return Result.done();
      }).queue(queues.register(pods, 0)).waitFor("pods synced", factory.synced(pods)).build();

      api.create(pods, SimObject.of("shop", "web-1"));
      api.create(pods, SimObject.of("kube-system", "dns"));      // another namespace: never cached
      factory.start();
      controller.start();                                        // returns once the cache has synced
      api.create(pods, SimObject.of("shop", "web-2"));
      api.delete(pods, "shop", "web-1");
      if (!done.await(30, TimeUnit.SECONDS)) {
        throw new TimeoutException("the controller did not see the writes in 30 s; it saw " + seen);
      }
      controller.stop();
    }
    return List.copyOf(seen);
  }
}
