package io.informer4j.benchmarks.kubernetes;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;

/**
 * The floor any client's figures stand on: no informer, no models. One unpaginated LIST of every
 * ConfigMap read with the JDK's HTTP client and only tokenized (Jackson's streaming parser counts the
 * items and finds the list's resourceVersion, nothing is bound or kept), then a watch from that
 * version whose lines are counted. The sync time is then mostly the test server encoding and
 * sending the list, on the same cores. Supports one informer only.
 */
final class RawHttpProbe implements ProbeClient {

  private static final JsonFactory JSON = new JsonFactory();

  private final String url;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private Thread watcher;
  private volatile int listed;
  private boolean listRead;

  RawHttpProbe(String url) {
    this.url = url;
  }

  @Override
  public void start(int informers, LongAdder adds, LongAdder updates) throws Exception {
    if (informers != 1) {
      throw new IllegalArgumentException("the raw HTTP probe runs one list-watch, not " + informers);
    }
    HttpResponse<InputStream> list = http.send(HttpRequest.newBuilder(URI.create(url + "/api/v1/configmaps")).build(),
        HttpResponse.BodyHandlers.ofInputStream());
    String resourceVersion;
    try (InputStream body = list.body(); JsonParser parser = JSON.createParser(body)) {
      resourceVersion = countItems(parser, adds);
    }
    listRead = true;
    HttpResponse<InputStream> watch = http.send(HttpRequest.newBuilder(URI.create(url
        + "/api/v1/configmaps?watch=true&allowWatchBookmarks=false&resourceVersion=" + resourceVersion)).build(),
        HttpResponse.BodyHandlers.ofInputStream());
    watcher = new Thread(() -> countModified(watch.body(), updates), "raw-watch");
    watcher.setDaemon(true);
    watcher.start();
  }

  /** Counts the elements of the top-level {@code items} array; returns {@code metadata.resourceVersion}. */
  private String countItems(JsonParser parser, LongAdder adds) throws IOException {
    String resourceVersion = null;
    parser.nextToken();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String field = parser.currentName();
      JsonToken value = parser.nextToken();
      if ("items".equals(field) && value == JsonToken.START_ARRAY) {
        while (parser.nextToken() == JsonToken.START_OBJECT) {
          parser.skipChildren();
          listed++;
          adds.increment();
        }
      } else if ("metadata".equals(field) && value == JsonToken.START_OBJECT) {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String name = parser.currentName();
          parser.nextToken();
          if ("resourceVersion".equals(name)) {
            resourceVersion = parser.getText();
          } else {
            parser.skipChildren();
          }
        }
      } else {
        parser.skipChildren();
      }
    }
    if (resourceVersion == null) {
      throw new IllegalStateException("the list had no metadata.resourceVersion");
    }
    return resourceVersion;
  }

  private static void countModified(InputStream body, LongAdder updates) {
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.contains("\"type\":\"MODIFIED\"")) {
          updates.increment();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The list has been read to its end (before {@link #start} returns). */
  @Override
  public boolean reportsSynced() {
    return listRead;
  }

  @Override
  public int cached() {
    return listed;
  }

  @Override
  public void close() {
    if (watcher != null) {
      watcher.interrupt();
    }
  }
}
