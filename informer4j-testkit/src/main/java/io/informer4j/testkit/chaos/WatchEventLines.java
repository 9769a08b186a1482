package io.informer4j.testkit.chaos;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Splits the body of one Kubernetes watch response into its newline-terminated events and applies
 * the {@link EventFault}s the plan holds. Events pass unchanged, as they came, unless a fault takes
 * them. Not thread-safe: one per response.
 */
final class WatchEventLines {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final FaultPlan plan;
  private final Random random;
  private byte[] partial = new byte[0];

  /**
   * A piece of the body to write as one chunk.
   *
   * @param bytes      the data
   * @param pauseAfter whether to wait a moment before the next piece, so the client reads them apart
   */
  record Piece(byte[] bytes, boolean pauseAfter) {
  }

  WatchEventLines(FaultPlan plan, Random random) {
    this.plan = plan;
    this.random = random;
  }

  /** Takes the next bytes of the body; returns what to write now (events not yet complete wait). */
  List<Piece> feed(byte[] data) {
    byte[] buffer = concat(partial, data);
    List<Piece> pieces = new ArrayList<>();
    ByteArrayOutputStream batch = new ByteArrayOutputStream(buffer.length);
    int start = 0;
    for (int i = 0; i < buffer.length; i++) {
      if (buffer[i] != '\n') {
        continue;
      }
      byte[] line = Arrays.copyOfRange(buffer, start, i + 1);
      start = i + 1;
      List<Piece> faulted = plan.hasEventFaults() ? fault(line) : null;
      if (faulted == null) {
        batch.writeBytes(line);
      } else {
        flush(batch, pieces);
        pieces.addAll(faulted);
      }
    }
    flush(batch, pieces);
    partial = Arrays.copyOfRange(buffer, start, buffer.length);
    return pieces;
  }

  /** Returns the bytes after the last newline, at the end of the body; empty when none. */
  byte[] rest() {
    byte[] rest = partial;
    partial = new byte[0];
    return rest;
  }

  private List<Piece> fault(byte[] line) {
    JsonNode event = parse(line);
    String type = event != null && event.path("type").isTextual() ? event.path("type").asText() : null;
    boolean hasObject = event != null && isObjectEvent(type) && event.path("object").path("metadata").isObject();
    EventFault fault = plan.eventFaultFor(type, hasObject);
    if (fault == null) {
      return null;
    }
    int body = line.length - 1;
    return switch (fault) {
      case HALF -> {
        int cut = body <= 1 ? body : 1 + random.nextInt(body - 1);
        byte[] half = Arrays.copyOf(line, cut + 1);
        half[cut] = '\n';
        yield List.of(new Piece(half, false));
      }
      case SPLIT -> {
        int cut = body <= 1 ? 1 : 1 + random.nextInt(body - 1);
        yield List.of(new Piece(Arrays.copyOfRange(line, 0, cut), true),
            new Piece(Arrays.copyOfRange(line, cut, line.length), false));
      }
      case CORRUPT_OBJECT -> List.of(new Piece(corrupt((ObjectNode) event), false));
    };
  }

  /** Makes the object's labels an array, which no Kubernetes model binds; keeps everything else. */
  private static byte[] corrupt(ObjectNode event) {
    ((ObjectNode) event.path("object").path("metadata")).putArray("labels").add(1);
    return (event.toString() + "\n").getBytes(StandardCharsets.UTF_8);
  }

  private static JsonNode parse(byte[] line) {
    try {
      return JSON.readTree(line);
    } catch (JsonProcessingException e) {
      return null;
    } catch (IOException e) {
      throw new IllegalStateException("reading an in-memory event failed", e);
    }
  }

  private static boolean isObjectEvent(String type) {
    return "ADDED".equals(type) || "MODIFIED".equals(type) || "DELETED".equals(type);
  }

  private static void flush(ByteArrayOutputStream batch, List<Piece> pieces) {
    if (batch.size() > 0) {
      pieces.add(new Piece(batch.toByteArray(), false));
      batch.reset();
    }
  }

  private static byte[] concat(byte[] first, byte[] second) {
    if (first.length == 0) {
      return second;
    }
    byte[] joined = Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, joined, first.length, second.length);
    return joined;
  }
}
