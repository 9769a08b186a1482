package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JSON of the objects the server sends, encoded once per stored object version and reused by
 * every list and watch event that carries that version (an API server likewise keeps the serialized
 * form of cached objects, so that serving them again costs a copy, not an encoding). An entry is reused only for
 * the very instance the simulated API stored, so a new version of an object, or a store that hands
 * out fresh instances, is always encoded anew. One entry per object key and form; entries of deleted
 * objects stay until their key is listed again. Thread-safe.
 */
final class EncodedObjects {

  private record Slot(TypeKey type, boolean partial, String key) {
  }

  private record Encoded(SimObject object, byte[] json) {
  }

  private final ConcurrentHashMap<Slot, Encoded> bySlot = new ConcurrentHashMap<>();

  /** Returns the JSON of {@code object}: metadata only when {@code partial}. The caller must not change it. */
  byte[] json(TypeKey type, boolean partial, SimObject object) {
    Slot slot = new Slot(type, partial, object.key());
    Encoded known = bySlot.get(slot);
    if (known != null && known.object() == object) {
      return known.json();
    }
    byte[] json = HttpBodies.json(partial ? ObjectJson.toPartialDocument(object) : ObjectJson.toDocument(type, object));
    bySlot.put(slot, new Encoded(object, json));
    return json;
  }
}
