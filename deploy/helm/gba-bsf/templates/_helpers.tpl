{{/*
Chart name, truncated to the 63 characters of a DNS label.
*/}}
{{- define "gba-bsf.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Full name: <release>-<chart>, or the release name when it already contains the chart name.
Truncated to 50 characters, so that "<fullname>-diameter" and the StatefulSet's pod names
with their controller-revision-hash label stay within Kubernetes' limits.
*/}}
{{- define "gba-bsf.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 50 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 50 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 50 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Chart label value.
*/}}
{{- define "gba-bsf.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Labels of every resource.
*/}}
{{- define "gba-bsf.labels" -}}
helm.sh/chart: {{ include "gba-bsf.chart" . }}
{{ include "gba-bsf.selectorLabels" . }}
app.kubernetes.io/version: {{ (.Values.image.tag | default .Chart.AppVersion) | toString | trunc 63 | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: gba
{{- end }}

{{/*
Selector labels (never change them: a StatefulSet's selector is immutable).
*/}}
{{- define "gba-bsf.selectorLabels" -}}
app.kubernetes.io/name: {{ include "gba-bsf.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/*
Name of the headless Diameter Service, which is also the StatefulSet's serviceName.
*/}}
{{- define "gba-bsf.diameterServiceName" -}}
{{- printf "%s-diameter" (include "gba-bsf.fullname" .) }}
{{- end }}

{{/*
ServiceAccount name.
*/}}
{{- define "gba-bsf.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "gba-bsf.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
Image reference.
*/}}
{{- define "gba-bsf.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion | toString) }}
{{- end }}

{{/*
Diameter Origin-Host of a pod, as an environment variable value: $(POD_NAME) is expanded by
the kubelet from the POD_NAME variable defined before it.
*/}}
{{- define "gba-bsf.originHost" -}}
{{- if .Values.diameter.originHostDomain }}
{{- printf "$(POD_NAME).%s" (.Values.diameter.originHostDomain | trimSuffix ".") }}
{{- else }}
{{- printf "$(POD_NAME).%s.%s.svc.%s" (include "gba-bsf.diameterServiceName" .) .Release.Namespace (.Values.clusterDomain | trimSuffix ".") }}
{{- end }}
{{- end }}

{{/*
Looks up one BSF configuration key in .Values.config, written fully nested
(cassandra: {schema: {create: x}}), fully dotted (cassandra.schema.create: x) or as a section
with a dotted rest (cassandra: {schema.create: x}). Renders a small YAML document,
"found: <bool>" and "value: <text>", read back with fromYaml.
Usage: include "gba-bsf.configLookup" (list .Values.config "store.type") | fromYaml
*/}}
{{- define "gba-bsf.configLookup" -}}
{{- $config := index . 0 | default dict }}
{{- $key := index . 1 }}
{{- $parts := splitList "." $key }}
{{- $found := false }}
{{- $value := "" }}
{{- if hasKey $config $key }}
{{- $found = true }}
{{- $value = index $config $key }}
{{- else }}
{{- $first := index $config (first $parts) }}
{{- $rest := join "." (rest $parts) }}
{{- if and (kindIs "map" $first) (hasKey $first $rest) }}
{{- $found = true }}
{{- $value = index $first $rest }}
{{- else }}
{{- $node := $config }}
{{- $ok := true }}
{{- range $p := $parts }}
{{- if and $ok (kindIs "map" $node) (hasKey $node $p) }}
{{- $node = index $node $p }}
{{- else }}
{{- $ok = false }}
{{- end }}
{{- end }}
{{- if $ok }}
{{- $found = true }}
{{- $value = $node }}
{{- end }}
{{- end }}
{{- end }}
{{- if kindIs "invalid" $value }}
{{- $value = "" }}
{{- end }}
found: {{ $found }}
value: {{ $value | toString | trim | quote }}
{{- end }}

{{/*
The value of one configuration key as text, "" when absent or null.
*/}}
{{- define "gba-bsf.configValue" -}}
{{- (include "gba-bsf.configLookup" . | fromYaml).value }}
{{- end }}

{{/*
"true" when a configuration key is present at all, even with an empty value; else "".
*/}}
{{- define "gba-bsf.configHas" -}}
{{- if (include "gba-bsf.configLookup" . | fromYaml).found }}true{{ end }}
{{- end }}

{{/*
Checks the values and fails with a readable message; renders nothing.
*/}}
{{- define "gba-bsf.validate" -}}
{{- $c := .Values.config | default dict }}
{{- range $key := list "ub.port" "admin.port" "admin.listen-address" "diameter.listen-port" "diameter.listen-address" "diameter.origin-host" }}
{{- if include "gba-bsf.configHas" (list $c $key) }}
{{- fail (printf "config.%s is set by the chart for each pod (ports.*, diameter.originHostDomain); remove it from config" $key) }}
{{- end }}
{{- end }}
{{- range $key := list "ub.tls.enabled" "ub.tls.certificate" "ub.tls.private-key" "admin.tls.enabled" "admin.tls.certificate" "admin.tls.private-key" "admin.metrics-token-file" "diameter.tls.port" "diameter.tls.certificate" "diameter.tls.private-key" "diameter.tls.trust" "diameter.tls.peers" "cassandra.tls.enabled" "cassandra.tls.trust" "cassandra.tls.certificate" "cassandra.tls.private-key" "cassandra.password-file" "store.seal.key-ring-file" }}
{{- if include "gba-bsf.configHas" (list $c $key) }}
{{- fail (printf "config.%s is set by the chart from the Secrets it mounts (keyRing, tls.*, cassandraAuth); remove it from config" $key) }}
{{- end }}
{{- end }}
{{- $owned := dict "sbi.enabled" "sbi.enabled" "sbi.port" "ports.sbi" "sbi.tls.enabled" "tls.sbi.secretName" "sbi.tls.certificate" "tls.sbi.secretName" "sbi.tls.private-key" "tls.sbi.secretName" "sbi.tls.trust" "tls.sbi.secretName, tls.sbi.caSecretName and tls.sbi.trustCaCrt" "sbi.tls.client-auth" "tls.sbi.clientAuth" "sbi.client.tls.trust" "tls.sbiClient.secretName and tls.sbiClient.caSecretName" "sbi.client.tls.certificate" "tls.sbiClient.secretName and tls.sbiClient.clientCertificate" "sbi.client.tls.private-key" "tls.sbiClient.secretName and tls.sbiClient.clientCertificate" "nbsp.oauth2.nrf-keys" "oauth2.nrfKeysSecret" "nbsp.oauth2.nf-instance-id" "oauth2.nfInstanceId" }}
{{- range $key := keys $owned | sortAlpha }}
{{- if include "gba-bsf.configHas" (list $c $key) }}
{{- fail (printf "config.%s is set by the chart from values %s; remove it from config" $key (get $owned $key)) }}
{{- end }}
{{- end }}
{{- if include "gba-bsf.configHas" (list $c "cassandra.password") }}
{{- fail "config.cassandra.password would be stored in a ConfigMap: put the password in a Secret and name it in cassandraAuth.existingSecret" }}
{{- end }}
{{- $storeType := include "gba-bsf.configValue" (list $c "store.type") | default "memory" | lower }}
{{- $hssType := include "gba-bsf.configValue" (list $c "hss.type") | default "zh" | lower }}
{{- $znEnabled := include "gba-bsf.configValue" (list $c "zn.enabled") | default "true" | lower }}
{{- if and (gt (int .Values.replicaCount) 1) (ne $storeType "cassandra") }}
{{- fail (printf "replicaCount is %d but config.store.type is %s: the memory store is single-node (a UE's second request and the NAFs' queries must reach the pod holding the state). Set config.store.type=cassandra or replicaCount=1" (int .Values.replicaCount) $storeType) }}
{{- end }}
{{- if not (include "gba-bsf.configValue" (list $c "bsf.name")) }}
{{- fail "config.bsf.name is required: the BSF server name, domain part of every B-TID (e.g. bsf.mnc001.mcc001.pub.3gppnetwork.org)" }}
{{- end }}
{{- if eq $storeType "cassandra" }}
{{- range $key := list "cassandra.contact-points" "cassandra.local-datacenter" }}
{{- if not (include "gba-bsf.configValue" (list $c $key)) }}
{{- fail (printf "config.%s is required with config.store.type=cassandra" $key) }}
{{- end }}
{{- end }}
{{- $seal := include "gba-bsf.configValue" (list $c "store.seal.enabled") | default "true" | lower }}
{{- if and (ne $seal "false") (not .Values.keyRing.existingSecret) }}
{{- fail "keyRing.existingSecret is required with config.store.type=cassandra: every key stored in Cassandra is sealed (docs/security.md). Create one with kubectl create secret generic bsf-keyring --from-literal=keyring=\"$(java -jar bsf.jar keyring new)\", or set config.store.seal.enabled=false to store keys in clear" }}
{{- end }}
{{- $schemaCreate := include "gba-bsf.configValue" (list $c "cassandra.schema.create") }}
{{- if and (ne (lower $schemaCreate) "false") (not (include "gba-bsf.configValue" (list $c "cassandra.replication"))) }}
{{- fail "config.cassandra.replication is required with config.store.type=cassandra and schema creation on (e.g. NetworkTopologyStrategy:dc1=3,dc2=3, the same in every DC), or set config.cassandra.schema.create=false and apply `bsf schema` yourself" }}
{{- end }}
{{- end }}
{{- if eq $hssType "zh" }}
{{- range $key := list "zh.peers" "zh.destination-realm" }}
{{- if not (include "gba-bsf.configValue" (list $c $key)) }}
{{- fail (printf "config.%s is required with config.hss.type=zh (the default)" $key) }}
{{- end }}
{{- end }}
{{- end }}
{{- if or (eq $hssType "zh") (eq $znEnabled "true") }}
{{- if not (include "gba-bsf.configValue" (list $c "diameter.origin-realm")) }}
{{- fail "config.diameter.origin-realm is required when the Diameter node runs (hss.type=zh or zn.enabled=true)" }}
{{- end }}
{{- end }}
{{- if and .Values.tls.diameter.peers (not .Values.tls.diameter.secretName) }}
{{- fail "tls.diameter.peers needs tls.diameter.secretName (the node's certificate and ca.crt)" }}
{{- end }}
{{- if eq $hssType "n65" }}
{{- if not (include "gba-bsf.configValue" (list $c "n65.instances")) }}
{{- fail "config.n65.instances is required with config.hss.type=n65 (apiRoots of the HSS instances, e.g. https://hss1.5gc.home1.net:443,https://hss2.5gc.home1.net:443)" }}
{{- end }}
{{- end }}
{{- if eq $hssType "udm" }}
{{- if not (include "gba-bsf.configValue" (list $c "udm.instances")) }}
{{- fail "config.udm.instances is required with config.hss.type=udm (apiRoots of the UDM instances)" }}
{{- end }}
{{- end }}
{{- if and (or .Values.tls.sbiClient.secretName .Values.tls.sbiClient.caSecretName) (not (has $hssType (list "n65" "udm"))) }}
{{- fail (printf "tls.sbiClient is for the SBI client of config.hss.type n65 or udm; hss.type is %s" $hssType) }}
{{- end }}
{{- if and .Values.tls.sbiClient.secretName .Values.tls.sbiClient.caSecretName (not .Values.tls.sbiClient.clientCertificate) }}
{{- fail "tls.sbiClient.secretName is unused with tls.sbiClient.caSecretName and clientCertificate=false; leave it empty" }}
{{- end }}
{{- if and .Values.tls.sbi.caSecretName (not (include "gba-bsf.sbiTrust" .)) }}
{{- fail "tls.sbi.caSecretName is unused: it needs tls.sbi.secretName, tls.sbi.trustCaCrt=true and tls.sbi.clientAuth optional or require" }}
{{- end }}
{{- if not (has (toString .Values.tls.sbi.clientAuth) (list "none" "optional" "require")) }}
{{- fail (printf "tls.sbi.clientAuth must be none, optional or require, not %v" .Values.tls.sbi.clientAuth) }}
{{- end }}
{{- if and .Values.oauth2.nrfKeysSecret (not .Values.oauth2.nfInstanceId) }}
{{- fail "oauth2.nfInstanceId is required with oauth2.nrfKeysSecret: the NF instance id (a UUID) access tokens must name as audience" }}
{{- end }}
{{- if and .Values.oauth2.nfInstanceId (not (regexMatch "^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$" (toString .Values.oauth2.nfInstanceId))) }}
{{- fail (printf "oauth2.nfInstanceId must be a UUID, not %v" .Values.oauth2.nfInstanceId) }}
{{- end }}
{{- if .Values.sbi.enabled }}
{{- if not (include "gba-bsf.configValue" (list $c "nbsp.nafs")) }}
{{- fail "config.nbsp.nafs is required with sbi.enabled: the NAFs admitted on Nbsp_GBA, as identity=naf-group (a dNSName of the NAF's client certificate, or its NF instance id)" }}
{{- end }}
{{- if not (or (and .Values.tls.sbi.secretName (ne (toString .Values.tls.sbi.clientAuth) "none")) .Values.oauth2.nrfKeysSecret) }}
{{- fail "sbi.enabled: NAFs could not be identified; set tls.sbi.secretName with tls.sbi.clientAuth optional or require (client certificates), or oauth2.nrfKeysSecret (NRF access tokens)" }}
{{- end }}
{{- $others := list .Values.ports.ub .Values.ports.admin .Values.ports.diameter }}
{{- if .Values.tls.diameter.secretName }}
{{- $others = append $others .Values.ports.diameterTls }}
{{- end }}
{{- range $p := $others }}
{{- if eq (int $p) (int $.Values.ports.sbi) }}
{{- fail (printf "ports.sbi (%d) must differ from the other ports of the container (ports.*)" (int $.Values.ports.sbi)) }}
{{- end }}
{{- end }}
{{- else }}
{{- if .Values.tls.sbi.secretName }}
{{- fail "tls.sbi.secretName is for the SBI server: it needs sbi.enabled=true" }}
{{- end }}
{{- if .Values.oauth2.nrfKeysSecret }}
{{- fail "oauth2.nrfKeysSecret is for the SBI server: it needs sbi.enabled=true" }}
{{- end }}
{{- end }}
{{- if le (int .Values.terminationGracePeriodSeconds) (add (int .Values.preStopSleepSeconds) 10) }}
{{- fail "terminationGracePeriodSeconds must exceed preStopSleepSeconds + 10 (after SIGTERM the BSF serves ub.drain-delay, 5 s by default, then drains for up to 5 s)" }}
{{- end }}
{{- if le (int .Values.terminationGracePeriodSeconds) 5 }}
{{- fail "terminationGracePeriodSeconds must exceed 5 (the BSF drains for up to 5 s after SIGTERM)" }}
{{- end }}
{{- end }}

{{/*
JVM options file: heap first, then jvm.options.
*/}}
{{- define "gba-bsf.jvmOptions" -}}
# Generated by the gba-bsf chart from values jvm.*; read by java @/etc/bsf/jvm.options
{{- if .Values.jvm.heap }}
-Xms{{ .Values.jvm.heap }}
-Xmx{{ .Values.jvm.heap }}
{{- else }}
-XX:InitialRAMPercentage={{ .Values.jvm.maxRAMPercentage }}
-XX:MaxRAMPercentage={{ .Values.jvm.maxRAMPercentage }}
{{- end }}
{{- $apc := .Values.jvm.activeProcessorCount | toString }}
{{- if eq $apc "" }}
{{- $limit := dig "limits" "cpu" "" (.Values.resources | default dict) | toString }}
{{- $request := dig "requests" "cpu" "" (.Values.resources | default dict) | toString }}
{{- if and (not $limit) $request }}
{{- if hasSuffix "m" $request }}
{{- $apc = ceil (divf (trimSuffix "m" $request | float64) 1000) | int | toString }}
{{- else }}
{{- $apc = ceil ($request | float64) | int | toString }}
{{- end }}
{{- end }}
{{- end }}
{{- if and $apc (ne $apc "0") }}
-XX:ActiveProcessorCount={{ $apc }}
{{- end }}
{{- range .Values.jvm.options }}
{{ . }}
{{- end }}
{{- end }}

{{/*
True (non-empty) if any Secret is mounted under /etc/bsf/secrets.
*/}}
{{- define "gba-bsf.hasSecrets" -}}
{{- if or .Values.cassandraAuth.existingSecret .Values.keyRing.existingSecret .Values.tls.ub.secretName .Values.tls.admin.secretName .Values.tls.admin.metricsTokenSecret .Values.tls.diameter.secretName .Values.tls.cassandra.caSecretName .Values.tls.cassandra.clientSecretName .Values.tls.sbi.secretName .Values.tls.sbi.caSecretName .Values.tls.sbiClient.secretName .Values.tls.sbiClient.caSecretName -}}
true
{{- end -}}
{{- end }}

{{/*
The file NAF client certificates are checked against (sbi.tls.trust): the ca.crt of
tls.sbi.caSecretName, or else of tls.sbi.secretName; empty for the JVM's CAs, or when no client
certificate is asked for.
*/}}
{{- define "gba-bsf.sbiTrust" -}}
{{- if and .Values.tls.sbi.secretName .Values.tls.sbi.trustCaCrt (ne (toString .Values.tls.sbi.clientAuth) "none") -}}
{{- if .Values.tls.sbi.caSecretName -}}
/etc/bsf/secrets/sbi-ca/ca.crt
{{- else -}}
/etc/bsf/secrets/sbi/ca.crt
{{- end -}}
{{- end -}}
{{- end }}

{{/*
The file HSS/UDM certificates are checked against (sbi.client.tls.trust): the ca.crt of
tls.sbiClient.caSecretName, or else of tls.sbiClient.secretName; empty for the JVM's CAs.
*/}}
{{- define "gba-bsf.sbiClientTrust" -}}
{{- if .Values.tls.sbiClient.caSecretName -}}
/etc/bsf/secrets/sbi-client-ca/ca.crt
{{- else if .Values.tls.sbiClient.secretName -}}
/etc/bsf/secrets/sbi-client/ca.crt
{{- end -}}
{{- end }}

{{/*
Port of the SBI Service: service.sbi.port, or the default port of the apiRoot's scheme (443 for
https, 80 for http).
*/}}
{{- define "gba-bsf.sbiServicePort" -}}
{{- if .Values.service.sbi.port }}
{{- .Values.service.sbi.port }}
{{- else if .Values.tls.sbi.secretName }}
{{- 443 }}
{{- else }}
{{- 80 }}
{{- end }}
{{- end }}
