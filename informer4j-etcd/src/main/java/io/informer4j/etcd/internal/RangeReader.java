package io.informer4j.etcd.internal;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.common.exception.ErrorCode;
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
 * Reads one chunk of a key range from etcd, blocking with a timeout. A chunk too large for the
 * client's inbound message limit is retried at half the size. Thread-safe.
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
   * Reads keys of {@code [from, end)} in key order.
   *
   * @param what         names the operation in errors
   * @param revision     the revision to read at, 0 for the latest
   * @param limit        the most keys to return (at least 1)
   * @param serializable whether a serializable read is acceptable
   * @return the response; its limit may be lower than asked when the first attempt was too large
   * @throws SourceException classified by {@link EtcdErrors}; interruption throws a plain
   *                         SourceException with the interrupt flag set again
   */
  public GetResponse read(String what, byte[] from, byte[] end, long revision, int limit, boolean serializable) {
    int size = limit;
    while (true) {
      GetOption option = GetOption.builder()
          .withRange(ByteSequence.from(end))
          .withRevision(revision)
          .withLimit(size)
          .withSerializable(serializable)
          .build();
      try {
        return await(what, kv.get(ByteSequence.from(from), option));
      } catch (TooLargeResponse e) {
        if (size == 1) {
          throw new SourceException(what + " failed: a single value exceeds the client's inbound message limit", 0, e.getCause());
        }
        size = Math.max(1, size / 2);
        log.debug("{}: response too large, reading {} keys at a time", what, size);
      }
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
      if (EtcdErrors.code(e.getCause()) == ErrorCode.RESOURCE_EXHAUSTED) {
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
