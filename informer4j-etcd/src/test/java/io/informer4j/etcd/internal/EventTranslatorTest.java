package io.informer4j.etcd.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.meta.LabelSelector;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What each etcd event becomes, values that cannot be decoded included: the key always names the
 * object, and the event's revision is its resourceVersion, so only a previous value etcd withheld
 * makes a relist.
 */
class EventTranslatorTest {

  private static final KeyLayout LAYOUT = KeyLayout.namespaced("/w");
  private static final byte[] GARBAGE = "{".getBytes(StandardCharsets.UTF_8);
  private static final Selection WEB = Selection.all().withLabels(LabelSelector.parse("app=web"));

  private final ObjectDecoder<EtcdObject<Widget>> decoder = new ObjectDecoder<>(LAYOUT, Widget.CODEC, Widget.ADAPTER);
  private final Recorder out = new Recorder();

  @Test
  void anUndecodablePutIsMalformedWithItsKeyAsAddedOrModified() {
    EventTranslator<EtcdObject<Widget>> all = new EventTranslator<>(decoder, Selection.all());

    all.put(kv("ns/bad", GARBAGE, 5, 5), null, out);
    all.put(kv("ns/bad", GARBAGE, 5, 7), null, out);

    assertThat(out.lines).containsExactly("malformed ns/bad ADDED@5", "malformed ns/bad MODIFIED@7");
  }

  @Test
  void theDeleteOfAnUndecodableValueIsAMalformedDeleteWithItsKeyNotARelist() {
    EventTranslator<EtcdObject<Widget>> all = new EventTranslator<>(decoder, Selection.all());

    all.delete(kv("ns/bad", new byte[0], 0, 9), kv("ns/bad", GARBAGE, 5, 7), out);

    assertThat(out.lines).containsExactly("malformed ns/bad DELETED@9");
    assertThat(out.problems.get(0)).hasMessageContaining("/w/ns/bad");
  }

  @Test
  void aDeleteWhosePreviousValueEtcdWithheldIsARelist() {
    new EventTranslator<>(decoder, Selection.all()).delete(kv("ns/gone", new byte[0], 0, 9), null, out);

    assertThat(out.lines).singleElement().asString().startsWith("relist etcd sent the delete of '/w/ns/gone'");
  }

  @Test
  void aKeyNotOfTheLayoutIsForeignAndNothingElse() {
    EventTranslator<EtcdObject<Widget>> all = new EventTranslator<>(decoder, Selection.all());

    all.put(kv("no-namespace", widget("web"), 5, 5), null, out);
    all.delete(kv("a/b/c", new byte[0], 0, 6), kv("a/b/c", GARBAGE, 5, 5), out);

    assertThat(out.lines).containsExactly("foreign /w/no-namespace", "foreign /w/a/b/c");
  }

  @Test
  void withSelectorsAnUndecodableUpdateOfAMatchingObjectIsModifiedNeverADelete() {
    EventTranslator<EtcdObject<Widget>> web = new EventTranslator<>(decoder, WEB);

    web.put(kv("ns/x", GARBAGE, 5, 8), kv("ns/x", widget("web"), 5, 7), out);
    web.put(kv("ns/y", GARBAGE, 6, 9), null, out);
    web.put(kv("ns/z", GARBAGE, 10, 10), null, out);

    assertThat(out.lines).containsExactly("malformed ns/x MODIFIED@8", "malformed ns/y MODIFIED@9", "malformed ns/z ADDED@10");
  }

  @Test
  void withSelectorsAReadableUpdateAfterAnUndecodableOneIsModifiedOrAMalformedDelete() {
    EventTranslator<EtcdObject<Widget>> web = new EventTranslator<>(decoder, WEB);

    web.put(kv("ns/x", widget("web"), 5, 9), kv("ns/x", GARBAGE, 5, 8), out);
    web.put(kv("ns/y", widget("db"), 5, 10), kv("ns/y", GARBAGE, 5, 8), out);

    assertThat(out.lines).containsExactly("MODIFIED ns/x@9", "malformed ns/y DELETED@10");
    assertThat(out.problems.get(0)).hasMessageContaining("does not match the selection");
  }

  @Test
  void withSelectorsTheDeleteOfAnUndecodableValueIsAMalformedDelete() {
    EventTranslator<EtcdObject<Widget>> web = new EventTranslator<>(decoder, WEB);

    web.delete(kv("ns/x", new byte[0], 0, 9), kv("ns/x", GARBAGE, 5, 8), out);
    web.delete(kv("ns/y", new byte[0], 0, 10), kv("ns/y", widget("db"), 5, 8), out);
    web.delete(kv("ns/z", new byte[0], 0, 11), kv("ns/z", widget("web"), 5, 8), out);

    assertThat(out.lines).containsExactly("malformed ns/x DELETED@9", "DELETED ns/z@11");
  }

  @Test
  void withSelectorsObjectsEnteringAndLeavingAreAddedAndDeleted() {
    EventTranslator<EtcdObject<Widget>> web = new EventTranslator<>(decoder, WEB);

    web.put(kv("ns/x", widget("web"), 5, 9), kv("ns/x", widget("db"), 5, 8), out);
    web.put(kv("ns/x", widget("db"), 5, 10), kv("ns/x", widget("web"), 5, 9), out);
    web.put(kv("ns/x", widget("db"), 5, 11), kv("ns/x", widget("db"), 5, 10), out);
    web.put(kv("ns/y", widget("db"), 5, 12), null, out);

    assertThat(out.lines).containsExactly("ADDED ns/x@9", "DELETED ns/x@10",
        "relist etcd sent the update of '/w/ns/y' at revision 12 without its previous value; cannot tell whether it left"
            + " the selection");
  }

  private static byte[] widget(String app) {
    return Widget.CODEC.encode(Widget.labelled(Map.of("app", app)));
  }

  private static KeyValue kv(String key, byte[] value, long createRevision, long modRevision) {
    return new KeyValue(io.etcd.jetcd.api.KeyValue.newBuilder()
        .setKey(ByteString.copyFromUtf8(LAYOUT.prefix() + "/" + key))
        .setValue(ByteString.copyFrom(value))
        .setCreateRevision(createRevision)
        .setModRevision(modRevision)
        .setVersion(1)
        .build(), ByteSequence.EMPTY);
  }

  /** Records what the translator says, as lines. */
  private static final class Recorder implements EventTranslator.Output<EtcdObject<Widget>> {
    final List<String> lines = new ArrayList<>();
    final List<MalformedObjectException> problems = new ArrayList<>();

    @Override
    public void event(WatchEvent<EtcdObject<Widget>> event) {
      lines.add(event.type() + " " + event.object().key() + "@" + event.object().revision());
    }

    @Override
    public void malformed(MalformedObjectException problem) {
      problems.add(problem);
      lines.add("malformed " + problem.key().map(Object::toString).orElse("?") + " "
          + problem.eventType().map(Object::toString).orElse("?") + "@" + problem.resourceVersion().orElse("?"));
    }

    @Override
    public void foreignKey(String storageKey) {
      lines.add("foreign " + storageKey);
    }

    @Override
    public void relist(String reason) {
      lines.add("relist " + reason);
    }
  }
}
