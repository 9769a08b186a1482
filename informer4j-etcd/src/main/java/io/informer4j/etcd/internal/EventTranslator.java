package io.informer4j.etcd.internal;

import io.etcd.jetcd.KeyValue;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;

/**
 * Turns etcd watch events into the core's events for one selection, as a Kubernetes watch does:
 * a put of a new key is ADDED, of an existing key MODIFIED; a delete is DELETED carrying the
 * previous value decoded at the delete's revision. With label or field selectors, an object that
 * starts matching is ADDED, one that stops matching is DELETED (its previous state, at the event's
 * revision), and others are not sent.
 *
 * <p><b>Values that cannot be used.</b> The etcd key always names the object ({@code KeyLayout}), so
 * a value that cannot be decoded is reported as malformed with its key, the event it came with and
 * the event's revision (as its resourceVersion):
 * a put as ADDED (a new key) or MODIFIED (the informer keeps the version it has, marked stale), a
 * delete as DELETED (the informer drops the key). With selectors, a put of a readable value that
 * does not match, after a previous value that cannot be decoded, may be an object leaving the
 * selection: it is reported as a malformed DELETED (its last state is unreadable), so a stale
 * version never stays cached. A key that does not have the layout's shape is not an object of the
 * type and can never be cached: it is passed to {@link Output#foreignKey} and otherwise ignored.
 *
 * <p>Only when etcd withheld what a decision needs (a previous value compacted away) does the
 * translator ask for a relist. Stateless and thread-safe.
 *
 * @param <T> the object type
 */
public final class EventTranslator<T> {

  /** Where translated events go. */
  public interface Output<T> {
    /** Takes an event. */
    void event(WatchEvent<T> event);

    /** Takes a value that could not be used, with its key and event type. */
    void malformed(MalformedObjectException problem);

    /** Takes a change of a key under the prefix that is not of the layout's shape. */
    void foreignKey(String storageKey);

    /** Ends the watch so that the consumer relists; {@code reason} says why. */
    void relist(String reason);
  }

  private final ObjectDecoder<T> decoder;
  private final Selection selection;
  private final boolean filtering;

  /** Translates for {@code selection}, decoding with {@code decoder}. */
  public EventTranslator(ObjectDecoder<T> decoder, Selection selection) {
    this.decoder = decoder;
    this.selection = selection;
    this.filtering = ObjectDecoder.filtersObjects(selection);
  }

  /** Translates a put of {@code kv}; {@code prev} is the previous value or null. */
  public void put(KeyValue kv, KeyValue prev, Output<T> out) {
    ObjectKey key = decoder.objectKey(kv.getKey().getBytes());
    if (key == null) {
      out.foreignKey(kv.getKey().toString());
      return;
    }
    long revision = kv.getModRevision();
    boolean created = kv.getCreateRevision() == revision;
    T now;
    boolean nowMatches;
    try {
      now = decode(key, kv, revision);
      nowMatches = !filtering || decoder.matches(now, selection);
    } catch (MalformedObjectException e) {
      out.malformed(e.inEvent(created ? WatchEventType.ADDED : WatchEventType.MODIFIED, Long.toString(revision)));
      return;
    }
    if (!filtering || created) {
      if (nowMatches) {
        out.event(created ? WatchEvent.added(now) : WatchEvent.modified(now));
      }
      return;
    }
    if (prev == null || prev.getKey().isEmpty()) {
      if (nowMatches) {
        out.event(WatchEvent.modified(now));
      } else {
        out.relist("etcd sent the update of " + quoted(kv) + " at revision " + revision
            + " without its previous value; cannot tell whether it left the selection");
      }
      return;
    }
    Previous<T> before = previous(key, prev, revision);
    if (nowMatches) {
      boolean mayBeCached = before.matched() || before.unreadable() != null;
      out.event(mayBeCached ? WatchEvent.modified(now) : WatchEvent.added(now));
    } else if (before.matched()) {
      out.event(WatchEvent.deleted(before.object()));
    } else if (before.unreadable() != null) {
      out.malformed(new MalformedObjectException("the update of " + quoted(kv) + " at revision " + revision
          + " does not match the selection, and its previous state, which may have, cannot be read ("
          + before.unreadable().getMessage() + ")", key, WatchEventType.DELETED, Long.toString(revision),
          before.unreadable()));
    }
  }

  /** Translates the delete of {@code kv}; {@code prev} is the deleted value or null. */
  public void delete(KeyValue kv, KeyValue prev, Output<T> out) {
    ObjectKey key = decoder.objectKey(kv.getKey().getBytes());
    if (key == null) {
      out.foreignKey(kv.getKey().toString());
      return;
    }
    long revision = kv.getModRevision();
    if (prev == null || prev.getKey().isEmpty()) {
      out.relist("etcd sent the delete of " + quoted(kv) + " at revision " + revision + " without the deleted value");
      return;
    }
    Previous<T> last = previous(key, prev, revision);
    if (last.unreadable() != null) {
      out.malformed(last.unreadable().inEvent(WatchEventType.DELETED, Long.toString(revision)));
    } else if (last.matched()) {
      out.event(WatchEvent.deleted(last.object()));
    }
  }

  private T decode(ObjectKey key, KeyValue kv, long revision) {
    return decoder.decode(key, kv.getKey().getBytes(), kv.getValue().getBytes(), revision, kv.getCreateRevision(),
        kv.getVersion());
  }

  /** Decodes a previous value at {@code revision} and tests it against the selection. */
  private Previous<T> previous(ObjectKey key, KeyValue prev, long revision) {
    try {
      T object = decode(key, prev, revision);
      return new Previous<>(object, !filtering || decoder.matches(object, selection), null);
    } catch (MalformedObjectException e) {
      return new Previous<>(null, false, e);
    }
  }

  private static String quoted(KeyValue kv) {
    return "'" + kv.getKey().toString() + "'";
  }

  /**
   * A previous value: decoded and whether it matched the selection, or why it could not be read (the
   * informer may hold an older version of the key, marked stale).
   */
  private record Previous<T>(T object, boolean matched, MalformedObjectException unreadable) {
  }
}
