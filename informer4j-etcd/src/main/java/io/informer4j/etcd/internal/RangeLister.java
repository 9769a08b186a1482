package io.informer4j.etcd.internal;

import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.Selection;
import io.informer4j.source.TooLargeResourceVersionException;
import java.util.Arrays;
import java.util.List;

/**
 * Lists the objects of a type: a key range read at one revision, in chunks, page by page. The first
 * page fixes the revision (its header revision for a latest read); later pages read at that
 * revision from the key after the previous page's last, both carried by the {@link ContinueToken}.
 * Label and field selectors are applied to decoded objects, so a page may hold fewer items than its
 * limit. Thread-safe.
 *
 * @param <T> the object type
 */
public final class RangeLister<T> {

  private final KeyLayout layout;
  private final ObjectDecoder<T> decoder;
  private final RangeReader reader;
  private final int chunkSize;

  /**
   * @param chunkSize the most keys read per etcd request, also for pages with a larger or no limit
   */
  public RangeLister(KeyLayout layout, ObjectDecoder<T> decoder, RangeReader reader, int chunkSize) {
    this.layout = layout;
    this.decoder = decoder;
    this.reader = reader;
    this.chunkSize = chunkSize;
  }

  /** Returns the most keys read per etcd request. */
  public int chunkSize() {
    return chunkSize;
  }

  /** Serves one list call; see {@link io.informer4j.source.ListerWatcher#list}. */
  public ListPage list(ListRequest request, ListSink<T> sink) {
    Selection selection = request.selection();
    byte[] start = rangeStart(selection);
    byte[] end = KeyLayout.rangeEnd(start);
    if (request.continueToken() != null) {
      ContinueToken token = ContinueToken.decode(request.continueToken());
      if (!token.within(start, end)) {
        throw new InvalidRequestException("continue token does not belong to a list of " + describe(selection), 400);
      }
      return scan(selection, token.nextKey(), end, new Revisions.ReadPoint(token.revision(), 0, false),
          request.limit(), sink);
    }
    Revisions.ReadPoint point = Revisions.forList(request.resourceVersion(), request.match());
    return scan(selection, start, end, point, request.limit(), sink);
  }

  /**
   * Reads {@code [from, end)} from {@code point} until {@code limit} keys were read (0: all), passing
   * decoded, selected objects to {@code sink} and malformed ones to {@code sink.malformed}. The read
   * of the next chunk is sent before the current one is decoded and delivered, so etcd serves it
   * meanwhile; a sink that throws leaves no read behind.
   */
  public ListPage scan(Selection selection, byte[] from, byte[] end, Revisions.ReadPoint point, long limit,
                       ListSink<T> sink) {
    String what = "list of " + describe(selection);
    boolean filtering = ObjectDecoder.filtersObjects(selection);
    long revision = point.exact();
    long scanned = 0;
    RangeReader.Pending pending = reader.start(what, from, end, revision, chunk(limit, scanned),
        point.serializable() && revision == 0);
    try {
      while (true) {
        GetResponse response = pending.await();
        pending = null;
        if (revision == 0) {
          revision = response.getHeader().getRevision();
          if (revision < point.atLeast()) {
            throw new TooLargeResourceVersionException(what + ": resourceVersion " + point.atLeast()
                + " is newer than etcd's revision " + revision);
          }
        }
        List<KeyValue> kvs = response.getKvs();
        scanned += kvs.size();
        boolean more = response.isMore() && !kvs.isEmpty();
        byte[] next = more ? successor(kvs.get(kvs.size() - 1).getKey().getBytes()) : null;
        boolean pageFull = limit > 0 && scanned >= limit;
        if (more && !pageFull) {
          pending = reader.start(what, next, end, revision, chunk(limit, scanned), false);
        }
        for (KeyValue kv : kvs) {
          deliver(kv, selection, filtering, sink);
        }
        if (!more) {
          return new ListPage(Long.toString(revision), null, filtering ? null : 0L);
        }
        if (pageFull) {
          Long remaining = filtering ? null : response.getCount() - kvs.size();
          return new ListPage(Long.toString(revision), new ContinueToken(revision, next).encode(), remaining);
        }
      }
    } finally {
      if (pending != null) {
        pending.cancel();
      }
    }
  }

  /** Returns how many keys the next read asks for: a chunk, or less when the page ends sooner. */
  private int chunk(long limit, long scanned) {
    return limit == 0 ? chunkSize : (int) Math.min(chunkSize, limit - scanned);
  }

  private void deliver(KeyValue kv, Selection selection, boolean filtering, ListSink<T> sink) {
    T object;
    try {
      object = decoder.decode(kv.getKey().getBytes(), kv.getValue().getBytes(), kv.getModRevision(),
          kv.getCreateRevision(), kv.getVersion());
      if (filtering && !decoder.matches(object, selection)) {
        return;
      }
    } catch (MalformedObjectException e) {
      sink.malformed(e);
      return;
    }
    sink.accept(object);
  }

  /** Returns the first key of the selection's range. */
  public byte[] rangeStart(Selection selection) {
    try {
      return layout.rangeStart(selection.namespace());
    } catch (IllegalArgumentException e) {
      throw new InvalidRequestException(e.getMessage(), 400);
    }
  }

  /** Describes the selection's keys for messages, for example {@code /registry/widgets/ns-a/}. */
  public String describe(Selection selection) {
    return selection.isNamespaced() ? layout.prefix() + "/" + selection.namespace() + "/" : layout.prefix() + "/";
  }

  private static byte[] successor(byte[] key) {
    return Arrays.copyOf(key, key.length + 1);
  }
}
