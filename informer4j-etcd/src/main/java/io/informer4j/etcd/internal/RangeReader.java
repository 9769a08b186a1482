package io.informer4j.etcd.internal;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads chunks of a key range from etcd, each waited for with a timeout; a read can be sent before
 * the previous chunk is processed ({@link #start}). A chunk too large for the client's inbound
 * message limit is retried at half the size. Thread-safe.
 */
public final class RangeReader {

  private static final Logger log = LoggerFactory.getLogger(RangeReader.class);

  private final KV kv;
  private final Duration timeout;

  /** Reads through {@code kv}; each request may take at most {@code timeout}. */
  public RangeReader(KV kv, Duration timeout) {
    this.kv = kv;
    this.timeout = timeout;
  }

  /**
   * Sends the read of up to {@code limit} keys of {@code [from, end)} and returns without waiting,
   * so a caller can work on the previous chunk while etcd serves this one.
   *
   * @param what         names the operation in errors
   * @param revision     the revision to read at, 0 for the latest
   * @param limit        the most keys to return (at least 1)
   * @param serializable whether a serializable read is acceptable
   */
  public Pending start(String what, byte[] from, byte[] end, long revision, int limit, boolean serializable) {
    return new Pending(what, from, end, revision, limit, serializable);
  }

  private CompletableFuture<GetResponse> send(byte[] from, byte[] end, long revision, int limit, boolean serializable) {
    GetOption option = GetOption.builder()
        .withRange(ByteSequence.from(end))
        .withRevision(revision)
        .withLimit(limit)
        .withSerializable(serializable)
        .build();
    return kv.get(ByteSequence.from(from), option);
  }

  /**
   * A read in flight. {@link #await} or {@link #cancel} it exactly once; used by one thread.
   */
  public final class Pending {
    private final String what;
    private final byte[] from;
    private final byte[] end;
    private final long revision;
    private final boolean serializable;
    private int size;
    private CompletableFuture<GetResponse> reply;

    private Pending(String what, byte[] from, byte[] end, long revision, int limit, boolean serializable) {
      this.what = what;
      this.from = from;
      this.end = end;
      this.revision = revision;
      this.serializable = serializable;
      this.size = limit;
      this.reply = send(from, end, revision, limit, serializable);
    }

    /**
     * Waits for the reply; a reply too large for the client's inbound message limit is read again at
     * half the size, so the response may hold fewer keys than asked.
     *
     * @throws SourceException classified by {@link EtcdErrors}; interruption throws a plain
     *                         SourceException with the interrupt flag set again
     */
    public GetResponse await() {
      while (true) {
        try {
          return RangeReader.this.await(what, reply);
        } catch (TooLargeResponse e) {
          if (size == 1) {
            throw new SourceException(what + " failed: a single value exceeds the client's inbound message limit", 0,
                e.getCause());
          }
          size = Math.max(1, size / 2);
          log.debug("{}: response too large, reading {} keys at a time", what, size);
          reply = send(from, end, revision, size, serializable);
        }
      }
    }

    /** Abandons the read (its reply, if any comes, is dropped). */
    public void cancel() {
      reply.cancel(true);
    }
  }

  private <R> R await(String what, CompletableFuture<R> future) {
    try {
      return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new SourceException(what + " was interrupted", 0, e);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new TransientSourceException(what + " timed out after " + timeout, TransientSourceException.Reason.TIMEOUT, 504, e);
    } catch (ExecutionException e) {
      if (EtcdErrors.isResponseTooLarge(e.getCause())) {
        throw new TooLargeResponse(e.getCause());
      }
      throw EtcdErrors.classify(what, e.getCause(), false);
    }
  }

  /** A response over the client's message size limit; retried smaller. */
  private static final class TooLargeResponse extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLargeResponse(Throwable cause) {
      super(cause);
    }
  }
}
