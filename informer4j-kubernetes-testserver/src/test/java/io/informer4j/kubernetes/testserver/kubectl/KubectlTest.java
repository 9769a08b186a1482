package io.informer4j.kubernetes.testserver.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.SimulatedApi;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The real kubectl against the test server. Each expected output is what kubectl prints against a
 * real API server, and the comment says where that answer comes from: kubectl's own messages
 * (k8s.io/kubectl pkg/cmd/..., v0.32), and the API server's statuses and messages (k8s.io/apiserver,
 * k8s.io/apiextensions-apiserver, kubernetes/pkg/apis/core/validation, v1.32).
 */
@EnableKubernetesTestServer(serve = {ConfigMap.class, Deployment.class})
class KubectlTest extends KubectlSuite {

  private static final String CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: widgets.example.com
      spec:
        group: example.com
        scope: Namespaced
        names: {kind: Widget, plural: widgets, singular: widget, shortNames: [wd], categories: [all]}
        versions:
        - name: v1
          served: true
          storage: true
          subresources: {status: {}}
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  properties:
                    color: {type: string}
                    size: {type: integer}
                status:
                  type: object
                  x-kubernetes-preserve-unknown-fields: true
      """;

  private static final String DEPLOYMENT = """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels: {app: web}
      spec:
        replicas: 1
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
            containers:
            - name: web
              image: nginx:1.25
            - name: sidecar
              image: busybox:1.36
      """;

  SimulatedApi api;

  @Test
  void createsAndReadsBackWithServerSetFields() {
    // kubectl create configmap prints "configmap/<name> created" (pkg/cmd/create, printer "created").
    assertThat(kubectl.run("create", "configmap", "app-config", "--from-literal=k=v").ok())
        .isEqualTo("configmap/app-config created\n");

    String fields = kubectl.run("get", "configmap", "app-config", "-o",
        "jsonpath={.data.k} {.metadata.namespace} {.metadata.uid} {.metadata.creationTimestamp} {.metadata.resourceVersion}").ok();
    // rest.BeforeCreate: the namespace of the request; the server sets uid, creationTimestamp, resourceVersion.
    assertThat(fields).matches("v default [0-9a-f-]{36} \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\d+");
  }

  @Test
  void createsWithKubectlsGeneratorsWhichSendProtobuf() {
    // kubectl create <generator> writes through client-go's typed clients, in protobuf.
    assertThat(kubectl.run("create", "namespace", "generated").ok()).isEqualTo("namespace/generated created\n");
    assertThat(kubectl.run("create", "deployment", "gen", "-n", "generated", "--image=nginx:1.25", "--replicas=2",
        "--port=80").ok()).isEqualTo("deployment.apps/gen created\n");
    assertThat(kubectl.run("get", "deployment", "gen", "-n", "generated", "-o", "jsonpath={.spec.replicas} "
        + "{.spec.selector.matchLabels.app} {.spec.template.spec.containers[0].image} "
        + "{.spec.template.spec.containers[0].ports[0].containerPort} {.metadata.generateName}").ok())
        .isEqualTo("2 gen nginx:1.25 80 ");
  }

  @Test
  void refusesAnInvalidNameAsTheApiServerDoes() {
    String invalid = "metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case "
        + "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', "
        + "regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')\n";

    // ValidateObjectMeta with NameIsDNSSubdomain: 422 Invalid, message "<Kind> \"<name>\" is invalid: <causes>"
    // (apimachinery's errors.NewInvalid). kubectl create configmap wraps the message
    // (pkg/cmd/create/create_configmap.go); kubectl create -f prints the causes (checkErr in pkg/cmd/util/helpers.go).
    Kubectl.Result generated = kubectl.run("create", "configmap", "Bad_Name", "--from-literal=k=v");
    assertThat(generated.exitCode()).isEqualTo(1);
    assertThat(generated.err()).isEqualTo("error: failed to create configmap: ConfigMap \"Bad_Name\" is invalid: " + invalid);

    Kubectl.Result fromFile = kubectl.withInput("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: Bad_Name}\n", "create", "-f", "-");
    assertThat(fromFile.exitCode()).isEqualTo(1);
    assertThat(fromFile.err()).isEqualTo("The ConfigMap \"Bad_Name\" is invalid: " + invalid);
  }

  @Test
  void appliesCreatesThenConfiguresThenLeavesUnchanged() {
    // kubectl apply prints created / configured / unchanged (pkg/cmd/apply/apply.go).
    assertThat(kubectl.withInput(DEPLOYMENT, "apply", "-f", "-").ok()).isEqualTo("deployment.apps/web created\n");
    String changed = DEPLOYMENT.replace("nginx:1.25", "nginx:1.26").replace("replicas: 1", "replicas: 2");
    assertThat(kubectl.withInput(changed, "apply", "-f", "-").ok()).isEqualTo("deployment.apps/web configured\n");
    assertThat(kubectl.withInput(changed, "apply", "-f", "-").ok()).isEqualTo("deployment.apps/web unchanged\n");
    // With validation on, kubectl sends fieldValidation=Strict and the server reports the unknown field
    // as the API server's strict decoding does (handlers/rest.go wraps it: "cannot be handled as a").
    Kubectl.Result typo = kubectl.withInput(changed.replace("replicas: 2", "replicaz: 2"), "apply", "-f", "-");
    if (kubectl.minorVersion() >= 27) {
      // kubectl apply prints the patch and the object before the server's message (pkg/cmd/apply/patcher.go).
      assertThat(typo.exitCode()).isEqualTo(1);
      assertThat(typo.err()).startsWith("Error from server (BadRequest): error when applying patch:\n")
          .endsWith("for: \"STDIN\": error when patching \"STDIN\": Deployment in version \"v1\" cannot be handled as a "
              + "Deployment: strict decoding error: unknown field \"spec.replicaz\"\n");
    }

    // The strategic merge patch kubectl computed merged the containers by name; a spec change bumped
    // the generation once (the deployment strategy's PrepareForUpdate), the unchanged apply not at all.
    assertThat(kubectl.run("get", "deployment", "web", "-o",
        "jsonpath={.spec.replicas} {.spec.template.spec.containers[*].image} {.metadata.generation}").ok())
        .isEqualTo("2 nginx:1.26 busybox:1.36 2");
  }

  @Test
  void appliesACustomResourceWithServerSideFieldValidation() {
    // kubectl prints "<resource>.<group>/<name> created"; kubectl wait prints "... condition met".
    assertThat(kubectl.withInput(CRD, "apply", "-f", "-").ok())
        .isEqualTo("customresourcedefinition.apiextensions.k8s.io/widgets.example.com created\n");
    assertThat(kubectl.run("wait", "--for=condition=Established", "crd/widgets.example.com", "--timeout=30s").ok())
        .isEqualTo("customresourcedefinition.apiextensions.k8s.io/widgets.example.com condition met\n");

    String widget = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {color: red, size: 2}\n";
    assertThat(kubectl.withInput(widget, "apply", "-f", "-").ok()).isEqualTo("widget.example.com/w1 created\n");

    Kubectl.Result typo = kubectl.withInput(widget.replace("w1", "w2").replace("color", "colour"), "apply", "-f", "-");
    if (kubectl.minorVersion() >= 27) {
      // kubectl 1.27+ finds fieldValidation in the OpenAPI v3 PATCH operation (cli-runtime's
      // queryParamVerifierV3) and sends fieldValidation=Strict; the apiextensions-apiserver's pruning
      // reports the unknown field, wrapped by handlers/rest.go ("cannot be handled as a"), and kubectl
      // prefixes what it was doing.
      assertThat(typo.exitCode()).isEqualTo(1);
      assertThat(typo.err()).isEqualTo("Error from server (BadRequest): error when creating \"STDIN\": Widget in version "
          + "\"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"spec.colour\"\n");
    } else {
      // Older kubectl validates with OpenAPI v2 only, where this server declares no kind: the server's
      // default, fieldValidation=Warn, prunes the field and says so in a Warning header.
      assertThat(typo.ok()).isEqualTo("widget.example.com/w2 created\n");
      assertThat(typo.err()).contains("Warning: unknown field \"spec.colour\"");
    }

    // Short names and categories come from discovery: "wd" and "all" find the widget.
    assertThat(kubectl.run("get", "wd", "-o", "name").ok()).isEqualTo("widget.example.com/w1\n");
    assertThat(kubectl.run("get", "all", "-o", "name").ok()).contains("widget.example.com/w1\n");
  }

  @Test
  void patchesWithEachPatchType() {
    kubectl.withInput(DEPLOYMENT.replace("name: web\n  labels", "name: patched\n  labels"), "apply", "-f", "-").ok();

    // kubectl patch prints "<resource>/<name> patched" (pkg/cmd/patch/patch.go).
    assertThat(kubectl.run("patch", "deployment", "patched", "--type=strategic", "-p",
        "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"web\",\"image\":\"nginx:1.27\"}]}}}}").ok())
        .isEqualTo("deployment.apps/patched patched\n");
    assertThat(kubectl.run("patch", "deployment", "patched", "--type=merge", "-p",
        "{\"metadata\":{\"annotations\":{\"note\":\"merged\"}}}").ok()).isEqualTo("deployment.apps/patched patched\n");
    assertThat(kubectl.run("patch", "deployment", "patched", "--type=json", "-p",
        "[{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":3}]").ok()).isEqualTo("deployment.apps/patched patched\n");
    // An update that changes nothing is no write (the generic store): kubectl says "(no change)".
    assertThat(kubectl.run("patch", "deployment", "patched", "--type=merge", "-p", "{\"spec\":{\"replicas\":3}}").ok())
        .isEqualTo("deployment.apps/patched patched (no change)\n");

    // Strategic merge patch merges containers by name (patchMergeKey "name" in k8s.io/api core/v1).
    assertThat(kubectl.run("get", "deployment", "patched", "-o",
        "jsonpath={.spec.template.spec.containers[*].image} {.metadata.annotations.note} {.spec.replicas}").ok())
        .isEqualTo("nginx:1.27 busybox:1.36 merged 3");
  }

  @Test
  void editsThroughAnEditor() {
    kubectl.run("create", "configmap", "edited", "--from-literal=k=before").ok();

    // kubectl edit diffs the edited copy into a strategic merge patch (pkg/cmd/util/editor) and
    // prints "<resource>/<name> edited".
    Kubectl.Result result = kubectl.withEnvironment(java.util.Map.of("KUBE_EDITOR", "sed -i s/before/after/"),
        "edit", "configmap", "edited");
    assertThat(result.ok()).isEqualTo("configmap/edited edited\n");
    assertThat(kubectl.run("get", "configmap", "edited", "-o", "jsonpath={.data.k}").ok()).isEqualTo("after");
  }

  @Test
  void refusesAStrategicMergePatchOfACustomResource() {
    String gadgets = CRD.replace("widget", "gadget").replace("Widget", "Gadget").replace("[wd]", "[gd]");
    kubectl.withInput(gadgets, "apply", "-f", "-").ok();
    kubectl.run("wait", "--for=condition=Established", "crd/gadgets.example.com", "--timeout=30s").ok();
    kubectl.withInput("apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: smp}\nspec: {color: red}\n", "apply", "-f", "-").ok();

    Kubectl.Result result = kubectl.run("patch", "gadget", "smp", "--type=strategic", "-p", "{\"spec\":{\"color\":\"blue\"}}");

    // The apiextensions-apiserver has no strategic merge patch for custom resources: 415
    // UnsupportedMediaType (handlers/patch.go), which kubectl patch wraps (pkg/cmd/patch/patch.go).
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err()).startsWith("error: application/strategic-merge-patch+json is not supported by "
        + "example.com/v1, Kind=Gadget: the body of the request was in an unknown format - accepted media types include: "
        + "application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml");
  }

  @Test
  void labelsAndUnlabels() {
    kubectl.run("create", "configmap", "labelled", "--from-literal=k=v").ok();

    // kubectl label prints "labeled" / "unlabeled" (pkg/cmd/label/label.go).
    assertThat(kubectl.run("label", "configmap", "labelled", "env=prod").ok()).isEqualTo("configmap/labelled labeled\n");
    assertThat(kubectl.run("get", "configmaps", "-l", "env=prod", "-o", "name").ok()).isEqualTo("configmap/labelled\n");
    assertThat(kubectl.run("label", "configmap", "labelled", "env-").ok()).isEqualTo("configmap/labelled unlabeled\n");
    assertThat(kubectl.run("get", "configmaps", "-l", "env=prod", "-o", "name").ok()).isEmpty();
  }

  @Test
  void deletesInTheForegroundWhileABlockingDependentStays() {
    kubectl.run("create", "configmap", "cascade-owner").ok();
    String uid = kubectl.run("get", "configmap", "cascade-owner", "-o", "jsonpath={.metadata.uid}").ok();
    kubectl.withInput("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cascade-child\n  finalizers: [example.com/hold]\n"
        + "  ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: cascade-owner, uid: " + uid
        + ", blockOwnerDeletion: true}]\n", "create", "-f", "-").ok();

    assertThat(kubectl.run("delete", "configmap", "cascade-owner", "--cascade=foreground", "--wait=false").ok())
        .isEqualTo("configmap \"cascade-owner\" deleted\n");
    // Foreground deletion (the API server and the garbage collector): the owner stays with the
    // foregroundDeletion finalizer while its blocking dependent is held.
    kubectl.run("wait", "--for=jsonpath={.metadata.deletionTimestamp}", "configmap/cascade-child", "--timeout=10s").ok();
    assertThat(kubectl.run("get", "configmap", "cascade-owner", "-o", "jsonpath={.metadata.finalizers}").ok())
        .isEqualTo("[\"foregroundDeletion\"]");

    kubectl.run("patch", "configmap", "cascade-child", "--type=json", "-p",
        "[{\"op\":\"remove\",\"path\":\"/metadata/finalizers\"}]").ok();
    kubectl.run("wait", "--for=delete", "configmap/cascade-owner", "--timeout=10s").ok();
    assertThat(kubectl.run("get", "configmap", "cascade-owner").err())
        .isEqualTo("Error from server (NotFound): configmaps \"cascade-owner\" not found\n");
  }

  @Test
  void deletesWithoutAndWithAFinalizer() {
    kubectl.run("create", "configmap", "plain", "--from-literal=k=v").ok();
    // kubectl delete prints "<resource> \"<name>\" deleted" (pkg/cmd/delete/delete.go).
    assertThat(kubectl.run("delete", "configmap", "plain").ok()).isEqualTo("configmap \"plain\" deleted\n");
    // A get of a missing object: 404 with the generic store's message.
    Kubectl.Result gone = kubectl.run("get", "configmap", "plain");
    assertThat(gone.exitCode()).isEqualTo(1);
    assertThat(gone.err()).isEqualTo("Error from server (NotFound): configmaps \"plain\" not found\n");

    String held = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: held, finalizers: [example.com/hold]}\ndata: {k: v}\n";
    kubectl.withInput(held, "create", "-f", "-").ok();
    assertThat(kubectl.run("delete", "configmap", "held", "--wait=false").ok()).isEqualTo("configmap \"held\" deleted\n");
    // Graceful deletion with finalizers: the object stays with a deletionTimestamp (the generic store).
    assertThat(kubectl.run("get", "configmap", "held", "-o", "jsonpath={.metadata.deletionTimestamp}").ok())
        .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    assertThat(kubectl.run("patch", "configmap", "held", "--type=json", "-p",
        "[{\"op\":\"remove\",\"path\":\"/metadata/finalizers\"}]").ok()).isEqualTo("configmap/held patched\n");
    assertThat(kubectl.run("get", "configmap", "held").err()).isEqualTo("Error from server (NotFound): configmaps \"held\" not found\n");
  }

  @Test
  void refusesChangesToAnImmutableConfigMap() {
    kubectl.withInput("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: frozen}\nimmutable: true\ndata: {k: v}\n", "create", "-f", "-").ok();

    Kubectl.Result result = kubectl.run("patch", "configmap", "frozen", "--type=merge", "-p", "{\"data\":{\"k\":\"w\"}}");

    // ValidateConfigMapUpdate (kubernetes/pkg/apis/core/validation): 422 with a Forbidden cause.
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err()).isEqualTo("The ConfigMap \"frozen\" is invalid: data: Forbidden: field is immutable when "
        + "`immutable` is set\n");
  }

  @Test
  void watchesWhileWriting() throws InterruptedException {
    kubectl.run("create", "namespace", "watched").ok();
    kubectl.run("create", "configmap", "before", "-n", "watched", "--from-literal=k=v").ok();
    try (Kubectl.Streaming watch = kubectl.stream("get", "configmaps", "-n", "watched", "-w", "--output-watch-events",
        "-o", "jsonpath={.type} {.object.metadata.name} {.object.data.k}{\"\\n\"}")) {
      // kubectl get -w lists, then watches from the list's resourceVersion: the current object comes first.
      assertThat(watch.next(1)).containsExactly("ADDED before v");
      kubectl.run("create", "configmap", "during", "-n", "watched", "--from-literal=k=1").ok();
      kubectl.run("patch", "configmap", "during", "-n", "watched", "--type=merge", "-p", "{\"data\":{\"k\":\"2\"}}").ok();
      kubectl.run("delete", "configmap", "during", "-n", "watched").ok();
      assertThat(watch.next(3)).containsExactly("ADDED during 1", "MODIFIED during 2", "DELETED during 2");
    }
  }

  @Test
  void pagesWithChunkSize() {
    kubectl.run("create", "namespace", "paged").ok();
    for (int i = 1; i <= 5; i++) {
      kubectl.run("create", "configmap", "page-" + i, "-n", "paged", "--from-literal=k=v").ok();
    }
    api.clearRequests();

    // kubectl get --chunk-size lists with limit and follows the continue tokens (cli-runtime's Helper).
    assertThat(kubectl.run("get", "configmaps", "-n", "paged", "--chunk-size=2", "-o", "name").ok())
        .isEqualTo("configmap/page-1\nconfigmap/page-2\nconfigmap/page-3\nconfigmap/page-4\nconfigmap/page-5\n");
    List<RecordedRequest> lists = api.requests().stream().filter(r -> r.verb() == RecordedRequest.Verb.LIST).toList();
    assertThat(lists).extracting(RecordedRequest::limit).containsExactly(2L, 2L, 2L);
    assertThat(lists.get(0).continueToken()).isNull();
    assertThat(lists.get(1).continueToken()).isNotNull();
  }

  @Test
  void selectsByLabelAndField() {
    kubectl.run("create", "namespace", "selected").ok();
    kubectl.run("create", "configmap", "front", "-n", "selected", "--from-literal=k=v").ok();
    kubectl.run("create", "configmap", "back", "-n", "selected", "--from-literal=k=v").ok();
    kubectl.run("label", "configmap", "front", "-n", "selected", "tier=web").ok();

    assertThat(kubectl.run("get", "configmaps", "-n", "selected", "-l", "tier=web", "-o", "name").ok())
        .isEqualTo("configmap/front\n");
    assertThat(kubectl.run("get", "configmaps", "-n", "selected", "-l", "tier!=web", "-o", "name").ok())
        .isEqualTo("configmap/back\n");
    assertThat(kubectl.run("get", "configmaps", "-n", "selected", "--field-selector", "metadata.name=back", "-o", "name").ok())
        .isEqualTo("configmap/back\n");

    // ConfigMaps support only metadata.name and metadata.namespace (DefaultMetaV1FieldSelectorConversion): 400,
    // which kubectl prints with the list it was making (cli-runtime's resource.Result).
    Kubectl.Result unsupported = kubectl.run("get", "configmaps", "-n", "selected", "--field-selector", "data.k=v");
    assertThat(unsupported.exitCode()).isEqualTo(1);
    assertThat(unsupported.err()).startsWith("Error from server (BadRequest): ")
        .endsWith("field label not supported: data.k\n");
  }

  @Test
  void refusesAMissingNamespaceAndDeletesANamespaceWithItsContent() {
    // NamespaceLifecycle admission (plugin/pkg/admission/namespace/lifecycle/admission.go): 404 NotFound for a
    // namespace that does not exist; kubectl create configmap wraps it (pkg/cmd/create/create_configmap.go).
    Kubectl.Result missing = kubectl.run("create", "configmap", "lost", "-n", "missing", "--from-literal=k=v");
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).isEqualTo("error: failed to create configmap: namespaces \"missing\" not found\n");

    kubectl.run("create", "namespace", "doomed").ok();
    kubectl.run("create", "configmap", "inside", "-n", "doomed", "--from-literal=k=v").ok();
    // kubectl delete waits until the namespace is gone (--wait, pkg/cmd/delete/delete.go); the namespace
    // controller (pkg/controller/namespace/deletion) empties it, then removes its kubernetes finalizer.
    assertThat(kubectl.run("delete", "namespace", "doomed").ok()).isEqualTo("namespace \"doomed\" deleted\n");
    assertThat(kubectl.run("get", "namespace", "doomed").err())
        .isEqualTo("Error from server (NotFound): namespaces \"doomed\" not found\n");
  }

  @Test
  void getRawShowsTheListOptionsTheServerRefuses() {
    // ValidateListOptions (k8s.io/apimachinery pkg/apis/meta/internalversion/validation) refuses an exact
    // list at "0" with 422 Invalid on ListOptions; kubectl writes an Invalid status as "The <kind> "<name>" is
    // invalid: <cause>" (k8s.io/kubectl pkg/cmd/util/helpers.go, checkErr).
    Kubectl.Result refused = kubectl.run("get", "--raw",
        "/api/v1/namespaces/default/configmaps?resourceVersionMatch=Exact&resourceVersion=0");

    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err()).isEqualTo("The ListOptions \"\" is invalid: resourceVersionMatch: Forbidden:"
        + " resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"\n");
  }
}
