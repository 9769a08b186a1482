package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.http.AsyncBody;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link BodyInputStream}: read-ahead, bulk reads, the end, failures, close and interrupts. */
class BodyInputStreamTest {

  /** An asynchronous body the test delivers by hand; counts what the stream asks of it. */
  private static final class ManualBody implements AsyncBody {
    final CompletableFuture<Void> done = new CompletableFuture<>();
    final AtomicInteger consumeCalls = new AtomicInteger();
    final AtomicInteger cancelCalls = new AtomicInteger();

    @Override
    public void consume() {
      consumeCalls.incrementAndGet();
    }

    @Override
    public CompletableFuture<Void> done() {
      return done;
    }

    @Override
    public void cancel() {
      cancelCalls.incrementAndGet();
      done.cancel(false);
    }
  }

  private final ManualBody body = new ManualBody();
  private final BodyInputStream stream = new BodyInputStream();

  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void readsTheChunksInOrderAcrossChunkBoundariesThenTheEnd() throws Exception {
    stream.start(body);
    stream.consume(List.of(bytes("{\"a\":"), bytes("1,")), body);
    stream.consume(List.of(bytes("\"b\":2}")), body);
    body.done.complete(null);

    assertThat(new String(stream.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1,\"b\":2}");
    assertThat(stream.read()).isEqualTo(-1);
  }

  @Test
  void asksForMoreAheadOfTheReaderUntilTheReadAheadIsFull() throws Exception {
    stream.start(body);
    assertThat(body.consumeCalls).hasValue(1);

    stream.consume(List.of(ByteBuffer.allocate(1024)), body);
    assertThat(body.consumeCalls).as("asked again without anyone reading").hasValue(2);

    stream.consume(List.of(ByteBuffer.allocate((int) BodyInputStream.READ_AHEAD)), body);
    assertThat(body.consumeCalls).as("full: waits for the reader").hasValue(2);

    byte[] target = new byte[64 * 1024];
    int read = stream.read(target, 0, target.length);
    assertThat(read).as("one read copies across chunks").isEqualTo(target.length);
    assertThat(body.consumeCalls).as("below the limit again").hasValue(3);
  }

  @Test
  void aFailedBodyFailsTheReadAfterTheBytesDeliveredBeforeIt() throws Exception {
    stream.start(body);
    stream.consume(List.of(bytes("abc")), body);
    IOException reset = new IOException("connection reset");
    body.done.completeExceptionally(reset);

    byte[] target = new byte[10];
    assertThat(stream.read(target, 0, 10)).isEqualTo(3);
    assertThatThrownBy(() -> stream.read(target, 0, 10)).isInstanceOf(IOException.class).hasCause(reset);
  }

  /**
   * Starts the stream and a thread blocked reading it; what the read throws goes to {@code outcome},
   * the reader's interrupt flag at that moment to {@code flag}.
   */
  private Thread blockedReader(AtomicReference<Throwable> outcome, AtomicReference<Boolean> flag) {
    stream.start(body);
    Thread reader = new Thread(() -> {
      try {
        stream.read(new byte[8], 0, 8);
      } catch (Throwable t) {
        outcome.set(t);
        flag.set(Thread.currentThread().isInterrupted());
      }
    });
    reader.start();
    await().until(() -> reader.getState() == Thread.State.WAITING);
    return reader;
  }

  @Test
  void closeFromAnotherThreadFailsABlockedReaderAndCancelsTheBody() throws Exception {
    AtomicReference<Throwable> outcome = new AtomicReference<>();
    Thread reader = blockedReader(outcome, new AtomicReference<>());

    stream.close();

    reader.join(10_000);
    assertThat(outcome.get()).isInstanceOf(IOException.class).hasMessageContaining("closed");
    assertThat(body.cancelCalls).hasValue(1);
    stream.close();
    assertThat(body.cancelCalls).as("idempotent").hasValue(1);
  }

  @Test
  void anInterruptedReaderGivesUpClosesTheStreamAndKeepsItsInterruptFlag() throws Exception {
    AtomicReference<Throwable> outcome = new AtomicReference<>();
    AtomicReference<Boolean> flag = new AtomicReference<>();
    Thread reader = blockedReader(outcome, flag);

    reader.interrupt();

    reader.join(10_000);
    assertThat(outcome.get()).isInstanceOf(InterruptedIOException.class);
    assertThat(flag.get()).isTrue();
    assertThat(body.cancelCalls).hasValue(1);
  }

  @Test
  void chunksArrivingAfterCloseAreDropped() throws Exception {
    stream.start(body);
    stream.close();
    stream.consume(List.of(bytes("late")), body);
    assertThat(stream.available()).isZero();
    assertThatThrownBy(stream::read).isInstanceOf(IOException.class);
  }
}
