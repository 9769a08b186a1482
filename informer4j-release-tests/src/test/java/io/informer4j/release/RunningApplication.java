package io.informer4j.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Spring Boot application jar run as its own process (this JVM's {@code java}) on a free loopback
 * port, its output in a log file; GETs its paths. {@link #close()} stops it as a container platform
 * would (SIGTERM), then kills it if it has not ended within 30 s. Not thread-safe.
 */
final class RunningApplication implements AutoCloseable {

  /** A response: status code and body. */
  record Response(int status, String body) {
  }

  private final Process process;
  private final int port;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private RunningApplication(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /** Starts {@code jar} with {@code arguments} and {@code --server.port}, its output going to {@code log}. */
  static RunningApplication start(Path jar, Path log, String... arguments) throws IOException {
    int port = freePort();
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", jar.toString(), "--server.port=" + port, "--server.address=127.0.0.1"));
    command.addAll(List.of(arguments));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    return new RunningApplication(process, port);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** GETs {@code path}; a refused connection (not listening yet) is status 0. */
  Response get(String path) {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(10)).build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response.body());
    } catch (java.net.ConnectException e) {
      return new Response(0, "");
    } catch (IOException e) {
      throw new UncheckedIOException("GET " + path, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during GET " + path, e);
    }
  }

  /** True while the process runs. */
  boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Stops the application (SIGTERM) and returns its exit code; kills it if it has not ended within 30 s.
   *
   * @throws AssertionError if it had to be killed
   */
  int stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      throw new AssertionError("the application did not stop within 30 s of SIGTERM");
    }
    return process.exitValue();
  }

  /** Kills the process if it still runs. */
  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroyForcibly().waitFor();
    }
  }
}
