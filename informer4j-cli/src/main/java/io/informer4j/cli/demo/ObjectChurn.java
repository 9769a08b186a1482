package io.informer4j.cli.demo;

import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Writes realistic churn into the simulated API: objects spread over the demo's namespaces, created,
 * updated and deleted so each type stays near its target size (updates are most frequent, as in a
 * real cluster). Deterministic for a seed and a sequence of calls.
 *
 * <p>Not thread-safe: the workload's single thread owns it.
 */
final class ObjectChurn {

  private final SimulatedApi api;
  private final int target;
  private final Random random;
  private final Map<TypeKey, List<SimObject>> live = new HashMap<>();
  private long serial;

  /**
   * @param api    where to write
   * @param target the number of objects each type keeps around
   * @param seed   seed of every random choice
   */
  ObjectChurn(SimulatedApi api, int target, long seed) {
    this.api = api;
    this.target = target;
    this.random = new Random(seed);
  }

  /** Creates {@code target} objects of {@code type} (its initial population). */
  void populate(TypeKey type) {
    for (int i = 0; i < target; i++) {
      create(type);
    }
  }

  /** Does one write to a random one of {@code types}: create, update or delete. */
  void step(List<TypeKey> types) {
    TypeKey type = types.get(random.nextInt(types.size()));
    List<SimObject> objects = live.computeIfAbsent(type, t -> new ArrayList<>());
    int roll = random.nextInt(100);
    if (objects.isEmpty() || objects.size() < target * 9 / 10 || (roll < 20 && objects.size() < target * 11 / 10)) {
      create(type);
    } else if (roll < 40 || objects.size() > target * 11 / 10) {
      delete(type, objects);
    } else {
      update(type, objects);
    }
  }

  private void create(TypeKey type) {
    String namespace = DemoWorld.NAMESPACES.get(random.nextInt(DemoWorld.NAMESPACES.size()));
    String name = type.kind().toLowerCase(Locale.ROOT) + "-" + (++serial);
    SimObject object = SimObject.of(namespace, name)
        .withLabel("app", "app-" + random.nextInt(8))
        .withContent(Map.of("spec", Map.of("generation", 1, "replicas", 1 + random.nextInt(5))));
    live.computeIfAbsent(type, t -> new ArrayList<>()).add(api.create(type, object));
  }

  private void update(TypeKey type, List<SimObject> objects) {
    int index = random.nextInt(objects.size());
    SimObject current = objects.get(index);
    Object generation = current.contentAt("spec.generation");
    long next = (generation instanceof Number number ? number.longValue() : 0) + 1;
    SimObject changed = SimObject.of(current.namespace(), current.name()).withLabels(current.labels())
        .withContent(Map.of("spec", Map.of("generation", next, "replicas", 1 + random.nextInt(5))));
    objects.set(index, api.upsert(type, changed));
  }

  private void delete(TypeKey type, List<SimObject> objects) {
    int index = random.nextInt(objects.size());
    SimObject gone = objects.get(index);
    objects.set(index, objects.get(objects.size() - 1));
    objects.remove(objects.size() - 1);
    api.delete(type, gone.namespace(), gone.name());
  }
}
