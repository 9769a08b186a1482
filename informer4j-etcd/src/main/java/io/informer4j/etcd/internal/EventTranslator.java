package io.informer4j.etcd.internal;

import io.etcd.jetcd.KeyValue;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;

/**
 * Turns etcd watch events into the core's events for one selection, as a Kubernetes watch does:
 * a put of a new key is ADDED, of an existing key MODIFIED; a delete is DELETED carrying the
 * previous value decoded at the delete's revision. With label or field selectors, an object that
 * starts matching is ADDED, one that stops matching is DELETED (its previous state, at the event's
 * revision), and others are not sent.
 *
 * <p>When the previous value a decision needs is missing (etcd compacted it) or a deleted object's
 * last state cannot be decoded, the watch cannot tell its consumer what happened: it asks for a
 * relist instead of leaving a stale object in the cache. Stateless and thread-safe.
 *
 * @param <T> the object type
 */
public final class EventTranslator<T> {

  /** Where translated events go. */
  public interface Output<T> {
    /** Takes an event. */
    void event(WatchEvent<T> event);

    /** Takes a value that could not be used. */
    void malformed(MalformedObjectException problem);

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
    long revision = kv.getModRevision();
    T now;
    boolean nowMatches;
    try {
      now = decode(kv, revision);
      nowMatches = !filtering || decoder.matches(now, selection);
    } catch (MalformedObjectException e) {
      out.malformed(e);
      return;
    }
    boolean created = kv.getCreateRevision() == revision;
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
        out.relist("etcd sent the update of " + key(kv) + " at revision " + revision
            + " without its previous value; cannot tell whether it left the selection");
      }
      return;
    }
    T before = decodeQuietly(prev, revision);
    boolean beforeMatched = before != null && matchesQuietly(before);
    if (nowMatches) {
      out.event(beforeMatched ? WatchEvent.modified(now) : WatchEvent.added(now));
    } else if (beforeMatched) {
      out.event(WatchEvent.deleted(before));
    }
  }

  /** Translates the delete of {@code kv}; {@code prev} is the deleted value or null. */
  public void delete(KeyValue kv, KeyValue prev, Output<T> out) {
    long revision = kv.getModRevision();
    if (prev == null || prev.getKey().isEmpty()) {
      out.relist("etcd sent the delete of " + key(kv) + " at revision " + revision + " without the deleted value");
      return;
    }
    T last;
    boolean matched;
    try {
      last = decode(prev, revision);
      matched = !filtering || decoder.matches(last, selection);
    } catch (MalformedObjectException e) {
      out.malformed(e);
      out.relist("the last state of deleted " + key(kv) + " cannot be decoded; relisting to drop it");
      return;
    }
    if (matched) {
      out.event(WatchEvent.deleted(last));
    }
  }

  private T decode(KeyValue kv, long revision) {
    return decoder.decode(kv.getKey().getBytes(), kv.getValue().getBytes(), revision, kv.getCreateRevision(),
        kv.getVersion());
  }

  /** Decodes a previous value; null when it cannot be (such an object never entered the cache). */
  private T decodeQuietly(KeyValue kv, long revision) {
    try {
      return decode(kv, revision);
    } catch (MalformedObjectException e) {
      return null;
    }
  }

  private boolean matchesQuietly(T object) {
    try {
      return decoder.matches(object, selection);
    } catch (MalformedObjectException e) {
      return false;
    }
  }

  private static String key(KeyValue kv) {
    return "'" + kv.getKey().toString() + "'";
  }
}
